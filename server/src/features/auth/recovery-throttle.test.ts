import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppSettings } from "../../deps";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";

// Recovery throttling: verify is limited per (account, address) with a per-account
// ceiling the owner's known device does not share; questions are limited per address;
// a successful reset revokes every other grant.
const trusted: AppSettings = { trustProxy: true, maxUploadBytes: 1, publicUrl: null, contactTo: null, version: "t" };
const from = (ip: string, cookie?: string) => ({ "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) });

// One database for the file (argon2 is slow); each test starts two hours later, so that
// the limits of earlier tests have expired. Bruno has one question: "Ville ?" → "Lyon".
let ctx: TestContext;
let bruno: TestUser;
beforeAll(async () => {
  ctx = createTestApp({ settings: trusted });
  bruno = await ctx.user({ role: "eleve", username: "bruno" });
});
beforeEach(() => {
  ctx.clock.now += 2 * 3_600_000;
});
afterAll(() => ctx.close());

const verify = (answer: string, headers: Record<string, string>, username = "bruno") =>
  ctx.request("POST", "/api/users/forgot-password/verify", { body: { username, answers: [answer] }, headers });
const questions = (username: string, headers: Record<string, string>) =>
  ctx.request("POST", "/api/users/forgot-password/questions", { body: { username }, headers });
const reset = (newPassword: string, resetToken: string) =>
  ctx.request("POST", "/api/users/forgot-password/reset", { body: { username: "bruno", newPassword, resetToken } });
const grantOf = async (res: Response) => ((await res.json()) as { resetToken: string }).resetToken;

describe("recovery throttling and grants", { timeout: 90_000 }, () => {
  it("a grant obtained before a successful reset no longer works after it", async () => {
    const a = await grantOf(await verify("Lyon", from("192.0.2.1")));
    const b = await grantOf(await verify("Lyon", from("192.0.2.2")));
    expect((await reset("nouveau-mdp-a1", a)).status).toBe(200);
    const second = await reset("nouveau-mdp-b2", b);
    expect(second.status).toBe(403);
    expect(await second.json()).toMatchObject({ message: "Vérification des réponses requise ou expirée. Recommencez." });
    const login = (password: string) => ctx.request("POST", "/api/users/login", { body: { username: "bruno", password } });
    expect((await login("nouveau-mdp-b2")).status).toBe(401);
    expect((await login("nouveau-mdp-a1")).status).toBe(200);
    bruno.password = "nouveau-mdp-a1";
  });

  it("verify: 5 per (account, address) per hour; another address keeps its own budget", async () => {
    for (let i = 0; i < 5; i++) expect((await verify("faux", from("203.0.113.5"), i % 2 ? "BRUNO" : " bruno ")).status).toBe(400);
    const blocked = await verify("Lyon", from("203.0.113.5"));
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      success: false,
      code: "RATE_LIMITED",
      message: "Trop de tentatives. Réessayez dans 60 minutes.",
    });
    expect(Number(blocked.headers.get("retry-after"))).toBe(3600);
    expect((await verify("Lyon", from("203.0.113.6"))).status).toBe(200);
  });

  it("verify: strangers reach the per-account ceiling, the owner's known device does not", async () => {
    const loginRes = await ctx.request("POST", "/api/users/login", {
      body: { username: "bruno", password: bruno.password },
      headers: from("192.0.2.30"),
    });
    const known = (loginRes.headers.get("set-cookie") ?? "").match(/planify_device=[^;]+/)?.[0] ?? "";
    expect(known).not.toBe("");
    for (let i = 0; i < 10; i++) expect((await verify("faux", from(`198.51.100.${Math.floor(i / 2)}`))).status).toBe(400);
    const stranger = await verify("Lyon", from("198.51.100.99"));
    expect(stranger.status).toBe(429);
    expect(await stranger.json()).toMatchObject({ message: "Trop de tentatives. Réessayez dans 60 minutes." });
    expect((await verify("Lyon", from("198.51.100.99", known))).status).toBe(200);
    // The known device's own budget: 5 per hour.
    for (let i = 0; i < 4; i++) expect((await verify("faux", from("192.0.2.30", known))).status).toBe(400);
    expect((await verify("Lyon", from("192.0.2.30", known))).status).toBe(429);
  });

  it("questions: limited per address, with a French message and Retry-After", async () => {
    const loginRes = await ctx.request("POST", "/api/users/login", {
      body: { username: "bruno", password: bruno.password },
      headers: from("203.0.113.44"),
    });
    const known = (loginRes.headers.get("set-cookie") ?? "").match(/planify_device=[^;]+/)?.[0] ?? "";
    for (let i = 0; i < 60; i++) {
      const res = await questions(i % 3 ? "bruno" : `inconnu${i}`, from("203.0.113.44"));
      expect(res.status).toBe(i % 3 ? 200 : 404);
    }
    const blocked = await questions("bruno", from("203.0.113.44"));
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ success: false, code: "RATE_LIMITED", message: "Trop de demandes. Réessayez dans 15 minutes." });
    expect(Number(blocked.headers.get("retry-after"))).toBe(15 * 60);
    // The account's own known device and another address are not affected; the window passes.
    expect((await questions("bruno", from("203.0.113.44", known))).status).toBe(200);
    expect((await questions("bruno", from("203.0.113.45"))).status).toBe(200);
    ctx.clock.now += 15 * 60_000;
    expect((await questions("bruno", from("203.0.113.44"))).status).toBe(200);
  });
});
