import { describe, expect, it } from "vitest";
import { appPerFile } from "../../test/helpers";
import { taskBody } from "../features/tasks/test-support";
import { BODY_RULES, bodyRuleFor } from "./body-rules";

// Bodies are judged before they are parsed: session first, then type, size and depth.
const app = appPerFile();

const form = () => {
  const f = new FormData();
  f.append("files", new File([new Uint8Array(1024)], "a.pdf", { type: "application/pdf" }));
  return f;
};
const raw = (method: string, url: string, body: RequestInit["body"], headers: Record<string, string>) =>
  app.ctx.app.handle(new Request(`http://localhost${url}`, { method, headers, body }));
const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
/** Resolves "pending" when the app has not answered within `ms`. */
const within = <T>(ms: number, answer: Promise<T>) => Promise.race([answer, Bun.sleep(ms).then(() => "pending" as const)]);

describe("content types", () => {
  it("refuses multipart bodies outside the upload routes", async () => {
    const res = await app.ctx.request("POST", "/api/contact", { body: form() });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, message: "Envoi de fichiers non accepté ici." });
  });

  it.each([
    ["/api/users/login", "username=eleve&password=motdepasse-123"],
    ["/api/contact", "name=a&phone=1&email_from=a%40b.fr&Promo=x&subject=s&Description=d"],
    ["/api/users/forgot-password/reset", "username=eleve&newPassword=nouveau-mot-2026"],
    ["/api/users/forgot-password/verify", "username=eleve&answers=Lyon"],
  ])("a form-encoded body to %s answers 415 in French", async (url, body) => {
    const res = await raw("POST", url, body, { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      success: false,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Format de requête non accepté : envoyez des données JSON.",
    });
  });

  it("text/plain is refused too, JSON with a charset is accepted", async () => {
    const body = JSON.stringify({ username: "eleve", password: "motdepasse-123" });
    expect((await raw("POST", "/api/users/login", body, { "content-type": "text/plain;charset=UTF-8" })).status).toBe(415);
    expect((await raw("POST", "/api/users/login", body, { "content-type": "application/json; charset=utf-8" })).status).toBe(200);
  });

  it("an upload route takes multipart only", async () => {
    const res = await app.ctx.request("POST", "/api/events/nope/submissions", { token: app.actors.eleve.token, body: { files: [] } });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Envoyez les fichiers au format multipart/form-data.",
    });
  });
});

describe("the session is checked before the body is read", () => {
  it("refuses an upload without a valid session before parsing it", async () => {
    const res = await app.ctx.request("POST", "/api/events/nope/submissions", { body: form(), token: "forged.token.value" });
    expect(res.status).toBe(401);
  });

  it.each(["/api/users/secret-questions", "/api/users-admin", "/api/events"])(
    "a guest's endless body to %s answers 401 at once",
    async (url) => {
      // The body never ends: any route that waited for it would never answer.
      const endless = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(nested(50_000).slice(0, 50_000))) });
      const answer = await within(
        1000,
        raw("POST", url, endless, { "content-type": "application/json", "content-length": String(9_000_000) }),
      );
      expect(answer).not.toBe("pending");
      const res = answer as Response;
      expect(res.status).toBe(401);
      expect(res.headers.get("connection")).toBe("close");
      expect(await res.json()).toMatchObject({ code: "UNAUTHORIZED", message: "Session expirée. Veuillez vous reconnecter." });
    },
  );
});

describe("each route has its size", () => {
  it("a small route refuses 20 KB with 413, before reading it", async () => {
    const res = await app.ctx.request("POST", "/api/coins/equip", {
      token: app.actors.eleve.token,
      body: { itemId: 3, pad: "x".repeat(20 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "Requête trop volumineuse." });
  });

  it("rich text takes a 2 MB task but not 9 MB", async () => {
    const image = `<p><img src="data:image/png;base64,${"A".repeat(2 * 1024 * 1024)}"></p>`;
    const ok = await app.ctx.request("POST", "/api/events", { token: app.actors.prof.token, body: taskBody({ description: image }) });
    expect(ok.status).toBe(201);
    const huge = await app.ctx.request("POST", "/api/events", {
      token: app.actors.prof.token,
      body: taskBody({ description: "x".repeat(9 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
  });

  it("a full contact message (5,000 accented characters) fits its route", async () => {
    const body = {
      name: "Zoé",
      phone: "0600000000",
      email_from: "zoe@exemple.fr",
      Promo: "BUT1",
      subject: "Question",
      Description: "é".repeat(5000),
    };
    expect((await app.ctx.request("POST", "/api/contact", { body })).status).toBe(200);
  });
});

describe("JSON depth is bounded before parsing", () => {
  it("33 levels are refused with a French 400, 32 are parsed", async () => {
    const deep = (levels: number) => `{"titre":"Devoir","extra":${nested(levels - 1)}}`;
    const refused = await raw("POST", "/api/events", deep(33), {
      "content-type": "application/json",
      authorization: `Bearer ${app.actors.prof.token}`,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ success: false, code: "BAD_REQUEST", message: "Données trop imbriquées." });
    const parsed = await raw("POST", "/api/events", deep(32), {
      "content-type": "application/json",
      authorization: `Bearer ${app.actors.prof.token}`,
    });
    expect(((await parsed.json()) as { message: string }).message).not.toBe("Données trop imbriquées.");
  });

  it("brackets inside strings do not count", async () => {
    const body = JSON.stringify(taskBody({ description: `<p>${"[{".repeat(5000)} \\" ${"[".repeat(100)}</p>` }));
    expect(
      (await raw("POST", "/api/events", body, { "content-type": "application/json", authorization: `Bearer ${app.actors.prof.token}` }))
        .status,
    ).toBe(201);
  });

  it.each(["/api/users/secret-questions", "/api/users-admin"])(
    "100,000 nested arrays from a signed-in user to %s are refused before parsing",
    async (url) => {
      const res = await raw("POST", url, nested(100_000), {
        "content-type": "application/json",
        authorization: `Bearer ${app.actors.admin.token}`,
      });
      expect([400, 413]).toContain(res.status);
      expect(((await res.json()) as { message: string }).message).toMatch(/trop imbriquées|trop volumineu/);
    },
  );
});

describe("every route that takes a body goes through the rules", () => {
  const routes = () =>
    (app.ctx.app.routes as { method: string; path: string }[]).filter(
      (r) => !["GET", "HEAD", "OPTIONS"].includes(r.method) && r.path.startsWith("/api/"),
    );

  it("a guest's form-encoded body gets 401 on session routes and 415 on public ones (SAML's ACS: no SAMLResponse, its French failure page)", async () => {
    const seen: string[] = [];
    for (const route of routes()) {
      const url = route.path.replace(/:[a-zA-Z]+/g, "x");
      const res = await raw(route.method, url, "a=1", { "content-type": "application/x-www-form-urlencoded" });
      const rule = bodyRuleFor(route.method, route.path);
      const expected = rule.kind === "form" ? 302 : rule.access === "public" ? 415 : 401;
      expect(`${route.method} ${route.path} → ${res.status}`).toBe(`${route.method} ${route.path} → ${expected}`);
      seen.push(route.path);
    }
    expect(seen.length).toBeGreaterThan(40);
  });

  it("the table names only real routes", () => {
    const declared = new Set(routes().map((r) => `${r.method} ${r.path.length > 1 ? r.path.replace(/\/$/, "") : r.path}`));
    for (const key of Object.keys(BODY_RULES)) expect(declared, key).toContain(key);
  });
});

describe("answers", () => {
  it.each([
    ["GET", "/api/coins/inventory", "eleve"],
    ["GET", "/api/coins/spin-status", "eleve"],
    ["GET", "/api/redeem-codes", "admin"],
    ["GET", "/api/events", "guest"],
  ] as const)("%s %s as %s is never stored by a browser or proxy", async (method, url, as) => {
    const res = await app.ctx.request(method, url, { token: as === "guest" ? undefined : app.actors[as].token });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("the task list is private and revalidated (ETag) rather than never kept", async () => {
    const res = await app.ctx.request("GET", "/api/events", { token: app.actors.eleve.token });
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("etag")).toMatch(/^W\//);
  });

  it("HEAD /api/health answers 200 with no body and no session", async () => {
    const res = await app.ctx.app.handle(new Request("http://localhost/api/health", { method: "HEAD" }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});
