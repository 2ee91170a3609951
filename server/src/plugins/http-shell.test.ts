import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Elysia } from "elysia";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { createActors, createTestApp, everyActor, logRecorder, scenarioTests, type Actors, type TestContext } from "../../test/helpers";
import { contextPlugin } from "./context";
import { errorsPlugin } from "./errors";

// The shell every answer goes through: health, JSON 404s under /api, the web app with its
// index fallback and caching, security headers and request ids, and the 500 envelope.
let ctx: TestContext;
let actors: Actors;
const rec = logRecorder();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "planify-web-"));
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const assets = {
    "/index.html": file("index.html", "<!doctype html><title>Planify</title><script>document.title='shell'</script><div id=root></div>"),
    "/home.html": file(
      "home.html",
      "<!doctype html><title>Planify</title><script>var t='guest'</script><div id=root data-prerendered><h1>Simplifiez votre réussite</h1></div>",
    ),
    "/member-home.html": file(
      "member-home.html",
      "<!doctype html><title>Planify</title><div id=root data-prerendered data-prerendered-for=member><h1>Simplifiez votre réussite</h1><span>membre</span></div>",
    ),
    "/member-devoirs.html": file(
      "member-devoirs.html",
      "<!doctype html><title>Planify</title><div id=root data-prerendered data-prerendered-for=member><h1>Liste des devoirs</h1></div>",
    ),
    "/assets/index-4f3a2b1c.js": file("index-4f3a2b1c.js", "console.log('planify');".repeat(50)),
    "/favicon.svg": file("favicon.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>"),
    "/sw.js": file("sw.js", "self.addEventListener('fetch', () => {});"),
    "/manifest.webmanifest": file("manifest.webmanifest", '{"name":"Planify"}'),
  };
  ctx = createTestApp({ log: rec.log }, assets);
  actors = await createActors(ctx);
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const all200 = { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const all404 = { guest: 404, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 };
const isApp = (text: unknown) => expect(text).toContain("<div id=root></div>");

describe("health, unknown API paths and client routes, for every caller", () => {
  scenarioTests(
    [
      ...everyActor({ method: "GET", url: "/api/health" }, all200, "status and version without a session", {
        200: { status: "ok", version: "test" },
      }),
      ...everyActor({ method: "GET", url: "/api/nimporte/quoi" }, all404, "unknown API path: JSON 404", {
        404: { success: false, code: "NOT_FOUND", message: "Route introuvable : GET /api/nimporte/quoi" },
      }),
      ...everyActor({ method: "POST", url: "/api/users/inexistant" }, all404, "unknown API call: JSON 404", {
        404: { success: false, code: "NOT_FOUND", message: "Route introuvable : POST /api/users/inexistant" },
      }),
      ...everyActor({ method: "GET", url: "/uploads/avatars/x.png" }, all404, "unknown /uploads path: JSON 404, not the app", {
        404: { success: false, code: "NOT_FOUND", message: "Route introuvable : GET /uploads/avatars/x.png" },
      }),
      ...everyActor({ method: "GET", url: "/api/openapi.json" }, all200, "the OpenAPI document, public like the API's shape", {
        200: (json) => expect((json as { openapi: string; paths: Record<string, unknown> }).paths).toHaveProperty("/api/users/login"),
      }),
      ...everyActor({ method: "GET", url: "/api/reference" }, all200, "the readable API reference", {
        200: (body, res) => {
          expect(res.headers.get("content-type")).toContain("text/html");
          expect(String(body)).toContain("/api/users/login");
        },
      }),
      ...everyActor({ method: "DELETE", url: "/api/users/session" }, all200, "logout clears the download cookie, session or not", {
        200: (_json, res) =>
          expect(res.headers.getSetCookie().some((c) => c.startsWith("planify_session=;") && /Max-Age=0/i.test(c))).toBe(true),
      }),
      ...everyActor({ method: "GET", url: "/devoirs" }, all200, "client route answers the app", { 200: isApp }),
      ...everyActor({ method: "GET", url: "/admin" }, all200, "the admin route too (the app guards it)", { 200: isApp }),
    ],
    env,
  );
});

describe("web app files", () => {
  const get = (url: string, headers: Record<string, string> = {}) => ctx.request("GET", url, { headers });

  it("serves index.html for / and client routes, never cached", async () => {
    for (const url of ["/", "/devoirs", "/admin/utilisateurs", "/profil/42"]) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("<title>Planify</title>");
    }
  });

  it("serves the prerendered home page for / only", async () => {
    const home = await get("/");
    expect(home.headers.get("cache-control")).toBe("no-cache");
    expect(await home.text()).toContain("Simplifiez votre réussite");
    expect(await (await get("/?depuis=lien")).text()).toContain("Simplifiez votre réussite");
    expect(await (await get("/devoirs")).text()).toContain("<div id=root></div>");
    for (const url of ["/home.html", "/index.html", "/member-home.html", "/member-devoirs.html"]) expect((await get(url)).status).toBe(404);
  });

  it("answers a browser with the session cookie the member's frame of / and /devoirs", async () => {
    const member = await get("/", { cookie: "theme=x; planify_session=abc.def" });
    expect(await member.text()).toContain("<span>membre</span>");
    expect(member.headers.get("vary")).toBe("accept-encoding, cookie");
    const list = await get("/devoirs", { cookie: "planify_session=abc.def" });
    expect(await list.text()).toContain("<h1>Liste des devoirs</h1>");
    expect(list.headers.get("vary")).toBe("accept-encoding, cookie");
    // An empty cookie is a guest.
    expect(await (await get("/", { cookie: "planify_session=" })).text()).not.toContain("membre");
    expect(await (await get("/devoirs", { cookie: "planify_session=" })).text()).toContain("<div id=root></div>");
  });

  it("allows each page's inline script by its hash, and no other inline script", async () => {
    const hash = (js: string) => `'sha256-${createHash("sha256").update(js).digest("base64")}'`;
    const scriptSrc = (res: Response) =>
      res.headers
        .get("content-security-policy")!
        .split("; ")
        .find((d) => d.startsWith("script-src"));
    expect(scriptSrc(await get("/"))).toBe(`script-src 'self' ${hash("var t='guest'")}`);
    expect(scriptSrc(await get("/emploi-du-temps"))).toBe(`script-src 'self' ${hash("document.title='shell'")}`);
    expect(scriptSrc(await get("/devoirs", { cookie: "planify_session=abc.def" }))).toBe("script-src 'self'");
    // Other answers keep the strict policy, and only one policy is sent.
    const asset = await get("/assets/index-4f3a2b1c.js");
    expect(scriptSrc(asset)).toBe("script-src 'self'");
    expect((await get("/")).headers.get("content-security-policy")).not.toContain(",");
  });

  it("answers brotli when the browser takes it, gzip otherwise", async () => {
    const br = await get("/assets/index-4f3a2b1c.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("accept-encoding");
    expect(new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())))).toBe(
      "console.log('planify');".repeat(50),
    );
    // The kept copy answers the next request the same.
    const again = await get("/assets/index-4f3a2b1c.js", { "accept-encoding": "br" });
    expect(brotliDecompressSync(new Uint8Array(await again.arrayBuffer())).toString()).toBe("console.log('planify');".repeat(50));
    const page = await get("/", { "accept-encoding": "br" });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(new Uint8Array(await page.arrayBuffer())).toString()).toContain("Simplifiez votre réussite");
  });

  it("caches hashed assets for a year and gzips them when asked", async () => {
    const plain = await get("/assets/index-4f3a2b1c.js");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-type")).toContain("javascript");
    const zipped = await get("/assets/index-4f3a2b1c.js", { "accept-encoding": "gzip" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())))).toContain("console.log('planify');");
    const icon = await get("/favicon.svg");
    expect(icon.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves the service worker and the manifest with their types, never cached (an update is seen at once)", async () => {
    const sw = await get("/sw.js");
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toContain("javascript");
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    expect(await sw.text()).toContain("addEventListener");
    const manifest = await get("/manifest.webmanifest", { "accept-encoding": "gzip" });
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(manifest.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers 404 for a missing file with an extension, not the app", async () => {
    for (const url of ["/assets/absent-123.js", "/robots.txt", "/%E0%A4%A.png"]) {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("<div id=root>");
    }
  });

  it("does not serve files outside the asset list", async () => {
    const res = await get("/../../etc/passwd");
    expect(await res.text()).not.toContain("root:");
  });
});

describe("headers on every answer", () => {
  const urls: [string, string, number][] = [
    ["GET", "/api/health", 200],
    ["GET", "/", 200],
    ["GET", "/assets/index-4f3a2b1c.js", 200],
    ["GET", "/api/inconnu", 404],
    ["GET", "/absent.png", 404],
    ["GET", "/api/popups/for-me", 401],
    ["POST", "/api/users/login", 400],
  ];
  it.each(urls)("%s %s", async (method, url, status) => {
    const res = await ctx.request(method, url, method === "POST" ? { body: {} } : {});
    expect(res.status).toBe(status);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives each request its own id", async () => {
    const a = await ctx.request("GET", "/api/health");
    const b = await ctx.request("GET", "/api/health");
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });
});

describe("unexpected errors", () => {
  it("answer a 500 envelope carrying the request id, which the log also has", async () => {
    const { deps } = ctx;
    const app = new Elysia()
      .use(contextPlugin(deps))
      .use(errorsPlugin(deps))
      .get("/api/boom", () => {
        throw new Error("SQLITE_CORRUPT at /srv/planify/db.sqlite");
      });
    const res = await app.handle(new Request("http://localhost/api/boom"));
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    expect(body).toEqual({ success: false, code: "INTERNAL", message: "Erreur interne du serveur.", requestId });
    // No stack trace, SQL or file path reaches the client...
    expect(JSON.stringify(body)).not.toMatch(/SQLITE|\/srv|at /);
    // ...but the log keeps it, under the same id.
    const line = rec.lines.find((l) => l.level === "error" && l.extra?.requestId === requestId);
    expect(line?.message).toBe("unhandled error");
    expect(String(line?.extra?.error)).toContain("SQLITE_CORRUPT");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors");
  });

  it("a JSON body over 8 MB is refused before it is read", async () => {
    const body = JSON.stringify({ username: "x".repeat(9 * 1024 * 1024), password: "y" });
    const res = await ctx.app.handle(
      new Request("http://localhost/api/users/login", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(body.length) },
        body,
      }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE", message: "Requête trop volumineuse." });
  });

  it("an unreadable JSON body is a 400 envelope, not a 500", async () => {
    const res = await ctx.app.handle(
      new Request("http://localhost/api/users/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{pas du json",
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });
});

describe("behind an HTTPS public address", () => {
  it("adds HSTS and marks the reset cookie Secure; plain HTTP gets neither", async () => {
    const https = createTestApp({
      settings: { trustProxy: false, maxUploadBytes: 1024, publicUrl: "https://planify.exemple.fr", contactTo: null, version: "t" },
    });
    try {
      expect((await https.request("GET", "/api/health")).headers.get("strict-transport-security")).toBe("max-age=15552000");
      await https.user({ role: "eleve", username: "iris" });
      const verify = await https.request("POST", "/api/users/forgot-password/verify", { body: { username: "iris", answers: ["Lyon"] } });
      expect(verify.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
    } finally {
      https.close();
    }
    expect((await ctx.request("GET", "/api/health")).headers.get("strict-transport-security")).toBeNull();
    const verify = await ctx.request("POST", "/api/users/forgot-password/verify", { body: { username: "eleve", answers: ["Lyon"] } });
    expect(verify.status).toBe(200);
    expect(verify.headers.get("set-cookie")).not.toMatch(/Secure/i);
  });
});
