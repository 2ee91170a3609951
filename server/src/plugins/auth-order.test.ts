import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ROLES, type Role } from "@planify/common/constants/roles";
import { appPerFile, createTestApp, runScenario, type Scenario } from "../../test/helpers";
import { users } from "../db/schema";
import { AUTH_DETAIL_KEY, FIRST_PASSWORD_PATH } from "./auth";
import { bodyRuleFor } from "./body-rules";

// Who may call a route is settled before anything it sent is validated: a wrong role gets
// 403 and a guest 401 whatever the body, params or query, never a 400 describing a body
// they may not send. The routes and their rules are read from the app itself, so a new
// route is covered the day it is added.
const app = appPerFile();

interface ListedRoute {
  method: string;
  path: string;
  hooks?: { detail?: Record<string, unknown> };
}

/** Every guarded route with the roles its rule admits ("session": any signed-in user). */
function guardedRoutes(): { method: string; path: string; admits: readonly Role[] | "session" }[] {
  const probe = createTestApp();
  try {
    return (probe.app.routes as unknown as ListedRoute[])
      .filter((r) => r.hooks?.detail?.[AUTH_DETAIL_KEY] !== undefined)
      .map((r) => ({ method: r.method, path: r.path, admits: r.hooks!.detail![AUTH_DETAIL_KEY] as readonly Role[] | "session" }));
  } finally {
    probe.close();
  }
}

/** A body no route's schema accepts, in the format the route's body rule takes. */
function malformedBody(method: string, path: string): unknown {
  if (method === "GET" || method === "HEAD") return undefined;
  if (bodyRuleFor(method, path).kind === "multipart") {
    const form = new FormData();
    form.append("pas-un-champ", "x");
    return form;
  }
  return [["pas", "un", "objet"]];
}

/**
 * The route's path with every parameter an unknown account-shaped id (anything else after
 * /users/ is another path, a 404 for everyone) and a query no schema accepts.
 */
const malformedUrl = (path: string) => `${path.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000")}?limit=-x&page=abc`;

const actorOf: Record<Role, "eleve" | "delegue" | "prof" | "admin"> = { eleve: "eleve", delegue: "delegue", prof: "prof", admin: "admin" };

const routes = guardedRoutes();

function rows(): Scenario[] {
  return routes.flatMap(({ method, path, admits }) => {
    const base = { method, url: malformedUrl(path), body: malformedBody(method, path) };
    const guest: Scenario = { ...base, name: `${method} ${path}: no session`, as: "guest", status: 401, expect: { code: "UNAUTHORIZED" } };
    if (admits === "session") return [guest];
    const refused = ROLES.filter((role) => !admits.includes(role));
    return [
      guest,
      ...refused.map(
        (role): Scenario => ({
          ...base,
          name: `${method} ${path}: ${role} refused`,
          as: actorOf[role],
          status: 403,
          expect: { success: false },
        }),
      ),
    ];
  });
}

describe("the route guard answers before the request is validated", () => {
  it("the app has guarded routes for each kind of rule (admins only, staff, students, any session)", () => {
    const rules = new Set(routes.map((r) => JSON.stringify(r.admits)));
    expect(routes.length).toBeGreaterThan(100);
    expect(rules).toContain('["admin"]');
    expect(rules).toContain('"session"');
    expect(rules.size).toBeGreaterThanOrEqual(4);
  });

  it.each(rows().map((row) => [row.name, row] as const))("%s, malformed request → 401/403, never 400", async (_name, row) => {
    await runScenario(app.ctx, app.actors, row);
  });

  it("a teacher's malformed POST /api/items gets the French 403, not a 400", async () => {
    const res = await app.ctx.request("POST", "/api/items", { token: app.actors.prof.token, body: { name: 42, layers: "pas une liste" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, code: "FORBIDDEN", message: "Accès refusé." });
  });

  it("an admin's malformed POST /api/items still gets the 400 that names the field", async () => {
    const res = await app.ctx.request("POST", "/api/items", { token: app.actors.admin.token, body: { name: 42 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "VALIDATION" });
  });
});

describe("an account that must choose its password is stopped before validation too", () => {
  it("every guarded route but choosing the password answers 403 « Choisissez votre mot de passe » to a malformed request", async () => {
    const fresh = await app.ctx.user({ role: "admin", username: "importe" });
    await app.ctx.deps.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, fresh.id));
    const seen: string[] = [];
    for (const { method, path } of routes.filter((r) => r.path !== FIRST_PASSWORD_PATH)) {
      const res = await app.ctx.request(method, malformedUrl(path), { token: fresh.token, body: malformedBody(method, path) as never });
      const json = (await res.json()) as { code?: string; message?: string };
      seen.push(`${method} ${path} → ${res.status} ${json.code}`);
      expect(`${method} ${path} → ${res.status} ${json.code}`).toBe(`${method} ${path} → 403 PASSWORD_CHANGE_REQUIRED`);
      expect(json.message).toBe("Choisissez votre mot de passe pour continuer.");
    }
    expect(seen.length).toBeGreaterThan(100);
    // The one route it may call validates as usual.
    const own = await app.ctx.request("POST", FIRST_PASSWORD_PATH, { token: fresh.token, body: [["pas", "un", "objet"]] });
    expect(own.status).toBe(400);
  });
});

describe("a body that is not even readable is judged after the caller", () => {
  /** Every guarded route that takes a body, with the first role it refuses. */
  const withBody = routes.filter((r) => r.method !== "GET" && r.method !== "HEAD" && r.admits !== "session");
  const send = (method: string, path: string, token: string | null, body: string, type: string, length?: string) =>
    app.ctx.app.handle(
      new Request(`http://localhost${malformedUrl(path)}`, {
        method,
        headers: {
          "content-type": type,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(length ? { "content-length": length } : {}),
        },
        body,
      }),
    );

  it("unreadable JSON, a wrong media type or a huge declared size get 401 without a session and 403 for a refused role, never 400/413/415", async () => {
    expect(withBody.length).toBeGreaterThan(40);
    const seen: string[] = [];
    for (const { method, path, admits } of withBody) {
      const refused = ROLES.find((role) => !(admits as readonly Role[]).includes(role))!;
      const token = app.actors[actorOf[refused]].token;
      for (const [body, type, length] of [
        ["{pas du json", "application/json"],
        ["texte", "text/plain"],
        ["{}", "application/json", String(2 * 1024 ** 3)],
      ] as const) {
        const guest = await send(method, path, null, body, type, length);
        const wrongRole = await send(method, path, token, body, type, length);
        seen.push(`${method} ${path} ${type}${length ? " (2 Go annoncés)" : ""} → ${guest.status}/${wrongRole.status}`);
        expect(seen.at(-1)).toBe(`${method} ${path} ${type}${length ? " (2 Go annoncés)" : ""} → 401/403`);
      }
    }
  });

  it("a route's own refusal text is kept when the body is unreadable", async () => {
    const res = await send("POST", "/api/items", app.actors.prof.token, "{", "application/json");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "FORBIDDEN", message: "Accès refusé." });
  });
});
