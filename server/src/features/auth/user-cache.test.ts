import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";

// The session check keeps users in memory between writes; every rule of sessions still holds
// on the very next call after a change, whichever route made it.
let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = createTestApp();
  admin = await ctx.user({ role: "admin", username: "chef" });
});
afterAll(() => ctx.close());

const call = (method: string, url: string, token: string, body?: unknown) => ctx.request(method, url, { token, body });

describe("user cache", () => {
  it("a demoted prof loses prof rights on the next call", async () => {
    const prof = await ctx.user({ role: "prof", username: "prof1" });
    expect((await call("GET", "/api/events/mine", prof.token)).status).toBe(200);
    expect((await call("GET", "/api/events/mine", prof.token)).status).toBe(200); // served from the cache
    expect((await call("PUT", `/api/users/${prof.id}`, admin.token, { role: "eleve", year: "BUT1", groupe: "A" })).status).toBe(200);
    const res = await call("GET", "/api/events/mine", prof.token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "FORBIDDEN", message: "Accès refusé." });
  });

  it("a deleted user is refused on the next call", async () => {
    const eleve = await ctx.user({ role: "eleve", username: "parti" });
    expect((await call("GET", "/api/coins/user-coins", eleve.token)).status).toBe(200);
    expect((await call("DELETE", `/api/users/${eleve.id}`, admin.token)).status).toBe(200);
    const res = await call("GET", "/api/coins/user-coins", eleve.token);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("a password changed by an admin closes the old session at once; a new login works", async () => {
    const eleve = await ctx.user({ role: "eleve", username: "oublieux" });
    expect((await call("GET", "/api/coins/user-coins", eleve.token)).status).toBe(200);
    expect((await call("PUT", `/api/users/${eleve.id}`, admin.token, { password: "nouveau-secret-42" })).status).toBe(200);
    expect((await call("GET", "/api/coins/user-coins", eleve.token)).status).toBe(401);
    const login = await ctx.request("POST", "/api/users/login", { body: { username: "oublieux", password: "nouveau-secret-42" } });
    const { token } = (await login.json()) as { token: string };
    expect((await call("GET", "/api/coins/user-coins", token)).status).toBe(200);
  });

  it("a balance set by an admin shows on the student's next read, not the cached one", async () => {
    const eleve = await ctx.user({ role: "eleve", username: "riche" });
    expect(await (await call("GET", "/api/coins/user-coins", eleve.token)).json()).toMatchObject({ coins: 0 });
    const set = await call("POST", "/api/users-admin", admin.token, { action: "update-coins", userId: eleve.id, coins: 75 });
    expect(set.status).toBe(200);
    expect(await (await call("GET", "/api/coins/user-coins", eleve.token)).json()).toMatchObject({ coins: 75 });
  });

  it("an expired token is refused even after it was accepted once", async () => {
    const eleve = await ctx.user({ role: "eleve", username: "tardif" });
    expect((await call("GET", "/api/coins/user-coins", eleve.token)).status).toBe(200);
    const saved = ctx.clock.now;
    ctx.clock.now += 31 * 86_400_000;
    expect((await call("GET", "/api/coins/user-coins", eleve.token)).status).toBe(401);
    ctx.clock.now = saved;
  });
});
