import { describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";

const trusted = { trustProxy: true, maxUploadBytes: 1024, publicUrl: null, contactTo: null, version: "test" };
const login = (ctx: TestContext, username: string, password: string, headers: Record<string, string> = {}) =>
  ctx.request("POST", "/api/users/login", { body: { username, password }, headers });
const TOO_MANY = { success: false, code: "RATE_LIMITED", message: "Trop de tentatives de connexion. Réessayez dans quelques minutes." };

describe("login throttling per username", { timeout: 90_000 }, () => {
  it("refuses the 11th failure in 15 minutes with 429 and Retry-After, whatever the client changes", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      const u = await ctx.user({ role: "eleve", username: "Jean Dupont" }, { questions: false });
      const spellings = ["jean dupont", "JEAN DUPONT", "  Jean   Dupont ", "jeandupont", "JeanDupont"];
      for (let i = 0; i < 10; i++) {
        ctx.clock.now += 30_000;
        const res = await login(ctx, spellings[i % spellings.length]!, `mauvais-${i}-mdp`, {
          "x-forwarded-for": `198.51.100.${i}`,
          "user-agent": `Navigateur/${i}`,
          "x-real-ip": `10.0.0.${i}`,
        });
        expect(res.status).toBe(401);
      }
      // Even the right password is refused now, from yet another "client".
      const blocked = await login(ctx, "JEAN dupont", u.password, { "x-forwarded-for": "203.0.113.200", "user-agent": "Autre/1.0" });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual(TOO_MANY);
      const retry = Number(blocked.headers.get("retry-after"));
      // The oldest failure is 5 minutes old: about 10 minutes left.
      expect(retry).toBeGreaterThan(9 * 60);
      expect(retry).toBeLessThanOrEqual(10 * 60 + 30);
      // Another account is not affected.
      const marie = await ctx.user({ role: "eleve", username: "marie" }, { questions: false });
      expect(marie.token).toMatch(/\./);
      // After the window, the right password works again.
      ctx.clock.now += 15 * 60_000;
      expect((await login(ctx, "jean dupont", u.password)).status).toBe(200);
    } finally {
      ctx.close();
    }
  });

  it("a burst of parallel guesses cannot pass the limit", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      await ctx.user({ role: "eleve", username: "cible" }, { questions: false });
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => login(ctx, "cible", `essai-numero-${i}`, { "x-forwarded-for": `192.0.2.${i}` })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    } finally {
      ctx.close();
    }
  });

  it("a successful login clears the username's failures", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      const u = await ctx.user({ role: "eleve", username: "oubli" }, { questions: false });
      for (let i = 0; i < 9; i++) expect((await login(ctx, "oubli", "mauvais-mdp", { "x-forwarded-for": `192.0.2.${i}` })).status).toBe(401);
      expect((await login(ctx, "oubli", u.password)).status).toBe(200);
      for (let i = 0; i < 10; i++) expect((await login(ctx, "oubli", "mauvais-mdp", { "x-forwarded-for": `192.0.2.${i}` })).status).toBe(401);
      expect((await login(ctx, "oubli", u.password)).status).toBe(429);
    } finally {
      ctx.close();
    }
  });
});

describe("login throttling per IP", { timeout: 90_000 }, () => {
  it("without trust-proxy, X-Forwarded-For is ignored: one client is one IP", async () => {
    const ctx = createTestApp();
    try {
      const u = await ctx.user({ role: "eleve", username: "victime" }, { questions: false });
      for (let i = 0; i < 10; i++) {
        const res = await login(ctx, `inconnu${i}`, "mauvais-mdp", { "x-forwarded-for": `198.51.100.${i}` });
        expect(res.status).toBe(401);
      }
      // Different username, forged header: still the same IP, so refused.
      const res = await login(ctx, "victime", u.password, { "x-forwarded-for": "203.0.113.1" });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
      ctx.clock.now += 15 * 60_000 + 1000;
      expect((await login(ctx, "victime", u.password)).status).toBe(200);
    } finally {
      ctx.close();
    }
  });

  it("with trust-proxy, the proxy's X-Forwarded-For entry is the IP", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      const u = await ctx.user({ role: "eleve", username: "lea" }, { questions: false });
      // The client forges the first entry; the proxy appends the real address last.
      for (let i = 0; i < 10; i++) {
        const res = await login(ctx, `inconnu${i}`, "mauvais-mdp", { "x-forwarded-for": `10.9.9.${i}, 198.51.100.50` });
        expect(res.status).toBe(401);
      }
      expect((await login(ctx, "lea", u.password, { "x-forwarded-for": "10.1.1.1, 198.51.100.50" })).status).toBe(429);
      // Another client IP behind the same proxy logs in.
      expect((await login(ctx, "lea", u.password, { "x-forwarded-for": "198.51.100.51" })).status).toBe(200);
    } finally {
      ctx.close();
    }
  });
});
