import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("POST /api/users/login", () => {
  it("answers the session user, a token and hasSecretQuestions", async () => {
    ctx = createTestApp();
    const u = await ctx.user({ role: "eleve", username: "emma" });
    const res = await ctx.request("POST", "/api/users/login", { body: { username: " emma ", password: u.password } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ success: true, username: "emma", role: "eleve", hasSecretQuestions: true, coins: 0 });
    expect(typeof body.token).toBe("string");
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|answerHash/);
  });

  it("gives the same answer for an unknown user and a wrong password", async () => {
    ctx = createTestApp();
    await ctx.user({ role: "eleve", username: "emma" });
    const a = await ctx.request("POST", "/api/users/login", { body: { username: "emma", password: "mauvais-mdp" } });
    const b = await ctx.request("POST", "/api/users/login", { body: { username: "personne", password: "mauvais-mdp" } });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(await a.json()).toEqual(await b.json());
  });
});

describe("usernames with spaces", () => {
  it("log in as the popup sends them (spaces stripped), and their space-free twin cannot be created", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin" });
    const created = await ctx.request("POST", "/api/users/register", {
      token: admin.token,
      body: { username: "  Jean   Dupont ", password: "motdepasse-123", role: "eleve", year: "BUT1", groupe: "A" },
    });
    expect(created.status).toBe(201);
    const login = await ctx.request("POST", "/api/users/login", { body: { username: "JeanDupont", password: "motdepasse-123" } });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ username: "Jean Dupont" });
    const twin = await ctx.request("POST", "/api/users/register", {
      token: admin.token,
      body: { username: "jeandupont", password: "motdepasse-123", role: "eleve", year: "BUT1", groupe: "A" },
    });
    expect(twin.status).toBe(409);
    expect(await twin.json()).toMatchObject({ message: "Ce nom d'utilisateur est déjà utilisé." });
  });
});
