import { describe, expect, it } from "vitest";
import type { AppSettings } from "../../deps";
import { createTestApp, logRecorder, type TestContext } from "../../../test/helpers";

// Login throttling: guessing is throttled without letting anyone lock the innocent out.
const trusted: AppSettings = { trustProxy: true, maxUploadBytes: 1024, publicUrl: null, contactTo: null, version: "test" };
const from = (ip: string, cookie?: string) => ({ "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) });
const login = (ctx: TestContext, username: string, password: string, headers: Record<string, string> = {}) =>
  ctx.request("POST", "/api/users/login", { body: { username, password }, headers });
/** The known-device cookie a login answer sets, ready for a Cookie header. */
const deviceCookie = (res: Response) => (res.headers.get("set-cookie") ?? "").match(/planify_device=[^;]+/)?.[0] ?? "";
const tooMany = (minutes: number) => ({
  success: false,
  code: "RATE_LIMITED",
  message: `Trop de tentatives de connexion. Réessayez dans ${minutes} minutes.`,
});

describe("login throttling: a school behind one address", { timeout: 90_000 }, () => {
  it("10 typos from one address (several usernames) do not stop another user at that address", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      const claire = await ctx.user({ role: "eleve", username: "claire" }, { questions: false });
      for (let i = 0; i < 10; i++) {
        expect((await login(ctx, ["lea", "hugo", "emma", "tom"][i % 4]!, `faute-de-frappe-${i}`, from("203.0.113.7"))).status).toBe(401);
      }
      const res = await login(ctx, "claire", claire.password, from("203.0.113.7"));
      expect(res.status).toBe(200);
      expect(deviceCookie(res)).toMatch(/^planify_device=ey/);
    } finally {
      ctx.close();
    }
  });

  it("the per-address ceiling counts failures only and is configurable", async () => {
    const ctx = createTestApp({ settings: { ...trusted, loginIpMax: 3 } });
    try {
      const zoe = await ctx.user({ role: "eleve", username: "zoe" }, { questions: false });
      const known = deviceCookie(await login(ctx, "zoe", zoe.password, from("203.0.113.8")));
      const max = await ctx.user({ role: "eleve", username: "max" }, { questions: false });
      // Successes are not counted.
      for (let i = 0; i < 5; i++) expect((await login(ctx, "max", max.password, from("203.0.113.8"))).status).toBe(200);
      for (const name of ["a", "b", "c"]) expect((await login(ctx, name, "mauvais-mdp", from("203.0.113.8"))).status).toBe(401);
      const blocked = await login(ctx, "max", max.password, from("203.0.113.8"));
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual(tooMany(15));
      expect(Number(blocked.headers.get("retry-after"))).toBe(15 * 60);
      // A known device is limited per device only; another address is untouched.
      expect((await login(ctx, "zoe", zoe.password, from("203.0.113.8", known))).status).toBe(200);
      expect((await login(ctx, "max", max.password, from("198.51.100.1"))).status).toBe(200);
    } finally {
      ctx.close();
    }
  });
});

describe("login throttling: nobody can lock the owner out", { timeout: 90_000 }, () => {
  it("after 10 wrong passwords from elsewhere, the owner's known device still logs in; a new device gets 429", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      const prof = await ctx.user({ role: "prof", username: "m.durand" }, { questions: false });
      const known = deviceCookie(await login(ctx, "m.durand", prof.password, from("192.0.2.10")));
      for (let i = 0; i < 10; i++) {
        ctx.clock.now += 30_000;
        expect((await login(ctx, "m.durand", `devine-${i}-mdp`, from(`198.51.100.${i}`))).status).toBe(401);
      }
      expect((await login(ctx, "m.durand", "encore-une-fois", from("198.51.100.77"))).status).toBe(429);
      const owner = await login(ctx, "m.durand", prof.password, from("192.0.2.10", known));
      expect(owner.status).toBe(200);
      const fresh = await login(ctx, "M.Durand", prof.password, from("192.0.2.10"));
      expect(fresh.status).toBe(429);
      // The oldest failure is 5 minutes old: 10 and a half minutes left.
      expect(Number(fresh.headers.get("retry-after"))).toBe(630);
      expect(await fresh.json()).toEqual(tooMany(11));
      // A forged cookie counts as a new device.
      const at = known.length - 5;
      const forged = known.slice(0, at) + (known[at] === "A" ? "B" : "A") + known.slice(at + 1);
      expect((await login(ctx, "m.durand", prof.password, from("192.0.2.10", forged))).status).toBe(429);
      ctx.clock.now += 11 * 60_000;
      expect((await login(ctx, "m.durand", prof.password, from("192.0.2.11"))).status).toBe(200);
    } finally {
      ctx.close();
    }
  });

  it("a known device has its own budget, for its own accounts only", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      const anna = await ctx.user({ role: "eleve", username: "anna" }, { questions: false });
      const bruno = await ctx.user({ role: "eleve", username: "bruno" }, { questions: false });
      const annaDevice = deviceCookie(await login(ctx, "anna", anna.password, from("192.0.2.1")));
      for (let i = 0; i < 10; i++) expect((await login(ctx, "anna", `oups-${i}-mdp`, from("192.0.2.1", annaDevice))).status).toBe(401);
      // The device is spent for anna; a stranger's budget for anna is untouched.
      expect((await login(ctx, "anna", anna.password, from("192.0.2.1", annaDevice))).status).toBe(429);
      expect((await login(ctx, "anna", anna.password, from("198.51.100.3"))).status).toBe(200);
      // Anna's cookie does not make guesses at bruno's account "known".
      for (let i = 0; i < 10; i++)
        expect((await login(ctx, "bruno", `vole-${i}-mdp`, from(`198.51.100.${20 + i}`, annaDevice))).status).toBe(401);
      expect((await login(ctx, "bruno", bruno.password, from("198.51.100.40", annaDevice))).status).toBe(429);
    } finally {
      ctx.close();
    }
  });

  it("one cookie remembers several accounts of a shared computer, and sets safe attributes", async () => {
    const ctx = createTestApp({ settings: { ...trusted, publicUrl: "https://planify.exemple.fr" } });
    try {
      const anna = await ctx.user({ role: "eleve", username: "anna" }, { questions: false });
      const bruno = await ctx.user({ role: "eleve", username: "bruno" }, { questions: false });
      const first = await login(ctx, "anna", anna.password, from("192.0.2.1"));
      const header = first.headers.get("set-cookie") ?? "";
      expect(header).toMatch(/HttpOnly/i);
      expect(header).toMatch(/SameSite=Strict/i);
      expect(header).toMatch(/Secure/i);
      expect(header).toMatch(/Path=\/api\/users/i);
      expect(Number(header.match(/Max-Age=(\d+)/i)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
      const shared = deviceCookie(await login(ctx, "bruno", bruno.password, from("192.0.2.1", deviceCookie(first))));
      for (let i = 0; i < 10; i++) await login(ctx, "anna", `devine-${i}-mdp`, from(`198.51.100.${i}`));
      for (let i = 0; i < 10; i++) await login(ctx, "bruno", `devine-${i}-mdp`, from(`198.51.100.${i}`));
      expect((await login(ctx, "anna", anna.password, from("192.0.2.1", shared))).status).toBe(200);
      expect((await login(ctx, "bruno", bruno.password, from("192.0.2.1", shared))).status).toBe(200);
    } finally {
      ctx.close();
    }
  });
});

describe("login throttling per username and per (username, address)", { timeout: 90_000 }, () => {
  it("refuses a new device after 10 failures in 15 minutes, whatever the client changes", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      const u = await ctx.user({ role: "eleve", username: "Jean Dupont" }, { questions: false });
      const spellings = ["jean dupont", "JEAN DUPONT", "  Jean   Dupont ", "jeandupont", "JeanDupont"];
      for (let i = 0; i < 10; i++) {
        ctx.clock.now += 30_000;
        const res = await login(ctx, spellings[i % spellings.length]!, `mauvais-${i}-mdp`, {
          ...from(`198.51.100.${i}`),
          "user-agent": `Navigateur/${i}`,
        });
        expect(res.status).toBe(401);
      }
      const blocked = await login(ctx, "JEAN dupont", u.password, { ...from("203.0.113.200"), "user-agent": "Autre/1.0" });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual(tooMany(11));
      // Another account is not affected; after the window the right password works again.
      const marie = await ctx.user({ role: "eleve", username: "marie" }, { questions: false });
      expect(marie.token).toMatch(/\./);
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
        Array.from({ length: 16 }, (_, i) => login(ctx, "cible", `essai-numero-${i}`, from(`192.0.2.${i}`))),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    } finally {
      ctx.close();
    }
  });

  it("a success does not hand a guesser a fresh budget", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      const u = await ctx.user({ role: "eleve", username: "oubli" }, { questions: false });
      for (let i = 0; i < 9; i++) expect((await login(ctx, "oubli", "mauvais-mdp", from(`192.0.2.${i}`))).status).toBe(401);
      expect((await login(ctx, "oubli", u.password, from("192.0.2.50"))).status).toBe(200);
      expect((await login(ctx, "oubli", "mauvais-mdp", from("192.0.2.9"))).status).toBe(401);
      expect((await login(ctx, "oubli", "mauvais-mdp", from("192.0.2.10"))).status).toBe(429);
    } finally {
      ctx.close();
    }
  });

  it("without trust-proxy, X-Forwarded-For is ignored: 5 failures from one client block that pair", async () => {
    const ctx = createTestApp();
    try {
      const u = await ctx.user({ role: "eleve", username: "victime" }, { questions: false });
      for (let i = 0; i < 5; i++) expect((await login(ctx, "victime", "mauvais-mdp", from(`198.51.100.${i}`))).status).toBe(401);
      const res = await login(ctx, "victime", u.password, from("203.0.113.1"));
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBe(String(15 * 60));
      ctx.clock.now += 15 * 60_000 + 1000;
      expect((await login(ctx, "victime", u.password)).status).toBe(200);
    } finally {
      ctx.close();
    }
  });

  it("with trust-proxy, the proxy's X-Forwarded-For entry is the address", async () => {
    const ctx = createTestApp({ settings: trusted });
    try {
      const u = await ctx.user({ role: "eleve", username: "lea" }, { questions: false });
      // The client forges the first entry; the proxy appends the real address last.
      for (let i = 0; i < 5; i++) expect((await login(ctx, "lea", "mauvais-mdp", from(`10.9.9.${i}, 198.51.100.50`))).status).toBe(401);
      expect((await login(ctx, "lea", u.password, from("10.1.1.1, 198.51.100.50"))).status).toBe(429);
      // Another client address behind the same proxy logs in.
      expect((await login(ctx, "lea", u.password, from("198.51.100.51"))).status).toBe(200);
    } finally {
      ctx.close();
    }
  });
});

describe("failed logins are logged for fail2ban", { timeout: 90_000 }, () => {
  it("one line per failure with the address and the username, never the password", async () => {
    const rec = logRecorder();
    const ctx = createTestApp({ settings: trusted, log: rec.log });
    try {
      const u = await ctx.user({ role: "eleve", username: "anna" }, { questions: false });
      rec.lines.length = 0;
      await login(ctx, "anna", "mot-secret-42", from("203.0.113.9"));
      await login(ctx, 'x"ip=192.0.2.66', "mot-secret-43", from("203.0.113.9"));
      await login(ctx, "anna", u.password, from("203.0.113.9"));
      expect(rec.lines.map((l) => l.message)).toEqual([
        "échec de connexion ip=203.0.113.9 utilisateur=anna raison=identifiants",
        "échec de connexion ip=203.0.113.9 utilisateur=x_ip_192.0.2.66 raison=identifiants",
      ]);
      for (let i = 0; i < 5; i++) await login(ctx, "anna", "mot-secret-44", from("203.0.113.9"));
      expect(rec.lines.at(-1)?.message).toBe("échec de connexion ip=203.0.113.9 utilisateur=anna raison=limite");
      expect(rec.text()).not.toMatch(/mot-secret|motdepasse/);
    } finally {
      ctx.close();
    }
  });
});
