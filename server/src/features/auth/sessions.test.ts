import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appPerFile, createTestApp, scenarioTests, type TestContext } from "../../../test/helpers";
import { signSessionToken } from "./tokens";
import { cachedUser } from "./user-cache";
import { LAST_SEEN_EVERY_MS, purgeExpiredSessions } from "../../lib/sessions";
import { describeUserAgent, truncateIp } from "../../lib/session-origin";

// « Mes appareils »: every sign-in is a session row; revoking one ends its token on the very
// next call (the verified-token and user caches notwithstanding), the others keep working.
let ctx: TestContext;
beforeAll(() => {
  ctx = createTestApp();
});
afterAll(() => ctx.close());

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";

async function login(username: string, password: string, userAgent: string): Promise<string> {
  const res = await ctx.request("POST", "/api/users/login", { body: { username, password }, headers: { "user-agent": userAgent } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

interface Listed {
  id: string;
  device: string;
  method: string;
  ip: string;
  current: boolean;
}
async function list(token: string): Promise<Listed[]> {
  const res = await ctx.request("GET", "/api/privacy/me/sessions", { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sessions: Listed[] }).sessions;
}
const coins = (token: string) => ctx.request("GET", "/api/coins/user-coins", { token }).then((r) => r.status);

describe("Mes appareils", () => {
  it("two logins are two sessions, described in French, the caller's marked « current »", async () => {
    const u = await ctx.user({ role: "eleve", username: "deux.appareils" });
    const phone = await login(u.username, u.password, CHROME_ANDROID);
    const pc = await login(u.username, u.password, FIREFOX_WINDOWS);
    const seen = await list(phone);
    // The helper's own login (no User-Agent) is the third.
    expect(seen.map((s) => s.device).sort()).toEqual(["Appareil inconnu", "Chrome sur Android", "Firefox sur Windows"]);
    expect(seen.filter((s) => s.current).map((s) => s.device)).toEqual(["Chrome sur Android"]);
    expect(seen.every((s) => s.method === "password" && s.ip === "inconnue")).toBe(true);
    expect((await list(pc)).find((s) => s.current)?.device).toBe("Firefox sur Windows");
  });

  it("revoking one session: its next call is 401 at once, the other keeps working", async () => {
    const u = await ctx.user({ role: "eleve", username: "revoque" });
    const phone = await login(u.username, u.password, CHROME_ANDROID);
    const pc = await login(u.username, u.password, FIREFOX_WINDOWS);
    // Both tokens verified and cached first: the revocation must still win on the next call.
    expect([await coins(phone), await coins(pc)]).toEqual([200, 200]);
    const target = (await list(pc)).find((s) => s.device === "Chrome sur Android")!;
    const res = await ctx.request("DELETE", `/api/privacy/me/sessions/${target.id}`, { token: pc });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: "Appareil déconnecté.", revoked: 1 });
    const refused = await ctx.request("GET", "/api/coins/user-coins", { token: phone });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "UNAUTHORIZED" });
    expect(await coins(pc)).toBe(200);
    expect((await list(pc)).map((s) => s.id)).not.toContain(target.id);
    const journal = await ctx.deps.engine.raw.all<{ action: string; target_user_id: string }>(
      "SELECT action, target_user_id FROM admin_journal WHERE admin_id = ?1",
      [u.id],
    );
    expect(journal).toEqual([{ action: "session.revoke", target_user_id: u.id }]);
  });

  it("someone else's session is 404 and stays open", async () => {
    const a = await ctx.user({ role: "eleve", username: "proprietaire" });
    const b = await ctx.user({ role: "eleve", username: "curieux" });
    const theirs = (await list(a.token))[0]!;
    const res = await ctx.request("DELETE", `/api/privacy/me/sessions/${theirs.id}`, { token: b.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "Appareil introuvable ou déjà déconnecté." });
    expect(await coins(a.token)).toBe(200);
  });

  it("« Déconnecter tous les autres appareils » keeps only the caller's session", async () => {
    const u = await ctx.user({ role: "prof", username: "prof.prudent" });
    const phone = await login(u.username, u.password, CHROME_ANDROID);
    const pc = await login(u.username, u.password, FIREFOX_WINDOWS);
    const res = await ctx.request("DELETE", "/api/privacy/me/sessions", { token: pc });
    expect(await res.json()).toMatchObject({ revoked: 2, message: "2 appareils déconnectés." });
    expect([await coins(u.token), await coins(phone), await coins(pc)]).toEqual([401, 401, 200]);
    expect((await list(pc)).map((s) => s.device)).toEqual(["Firefox sur Windows"]);
  });

  it("logout closes its session: the token stops working and leaves the list", async () => {
    const u = await ctx.user({ role: "eleve", username: "sortant" });
    const phone = await login(u.username, u.password, CHROME_ANDROID);
    expect((await ctx.request("DELETE", "/api/users/session", { token: phone })).status).toBe(200);
    expect(await coins(phone)).toBe(401);
    expect((await list(u.token)).map((s) => s.device)).toEqual(["Appareil inconnu"]);
  });

  it("a token signed before sessions existed (no session id) keeps working until it expires", async () => {
    const u = await ctx.user({ role: "eleve", username: "ancien.jeton" });
    const { token } = await signSessionToken(ctx.deps, (await cachedUser(ctx.deps, u.id))!, true);
    expect(await coins(token)).toBe(200);
    expect((await list(token)).every((s) => !s.current)).toBe(true);
  });

  it("« last seen » is written at most once per few minutes, then moves", async () => {
    const u = await ctx.user({ role: "eleve", username: "assidu" });
    // A bigint on PostgreSQL, which its driver gives as text: read as a number.
    const seen = async () =>
      Number(
        (await ctx.deps.engine.raw.get<{ at: number | string }>("SELECT last_seen_at AS at FROM sessions WHERE user_id = ?1", [u.id]))!.at,
      );
    const first = await seen();
    ctx.clock.now += LAST_SEEN_EVERY_MS - 1000;
    await coins(u.token);
    expect(await seen()).toBe(first);
    ctx.clock.now += 2000;
    await coins(u.token);
    expect(await seen()).toBe(first + LAST_SEEN_EVERY_MS + 1000);
  });

  it("the daily purge deletes expired sessions only", async () => {
    const u = await ctx.user({ role: "eleve", username: "perime" });
    const count = async () =>
      (await ctx.deps.engine.raw.get<{ n: number }>("SELECT CAST(count(*) AS INTEGER) AS n FROM sessions WHERE user_id = ?1", [u.id]))!.n;
    expect(await count()).toBe(1);
    expect(await purgeExpiredSessions({ db: ctx.deps.db, now: () => ctx.deps.now() })).toBe(0);
    expect(await purgeExpiredSessions({ db: ctx.deps.db, now: () => ctx.deps.now() + 400 * 24 * 3600_000 })).toBeGreaterThan(0);
    expect(await count()).toBe(0);
  });
});

describe("session origin", () => {
  it.each([
    [CHROME_ANDROID, "Chrome sur Android"],
    [FIREFOX_WINDOWS, "Firefox sur Windows"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari sur iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0",
      "Edge sur Windows",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) planify-desktop/1.2.0 Chrome/128.0 Electron/32.0.0 Safari/537.36",
      "Application Planify (ordinateur)",
    ],
    ["", "Appareil inconnu"],
  ])("%s → %s", (ua, label) => expect(describeUserAgent(ua)).toBe(label));

  it.each([
    ["203.0.113.77", "203.0.113.0/24"],
    ["::ffff:198.51.100.9", "198.51.100.0/24"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::/48"],
    ["2001:db8::1", "2001:db8:0::/48"],
    ["local", "inconnue"],
  ])("%s → %s", (ip, network) => expect(truncateIp(ip)).toBe(network));
});

describe("who may call", () => {
  const env = appPerFile();
  scenarioTests(
    [
      { name: "a guest has no sessions to list", method: "GET", url: "/api/privacy/me/sessions", as: "guest", status: 401 },
      ...(["eleve", "delegue", "prof", "admin"] as const).map((as) => ({
        name: `${as} lists their sessions`,
        method: "GET",
        url: "/api/privacy/me/sessions",
        as,
        status: 200,
      })),
      { name: "a guest cannot sign others out", method: "DELETE", url: "/api/privacy/me/sessions", as: "guest", status: 401 },
      { name: "a guest has no export", method: "GET", url: "/api/privacy/me/export", as: "guest", status: 401 },
    ],
    () => env,
  );
});
