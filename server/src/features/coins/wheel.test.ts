import { afterEach, describe, expect, it } from "vitest";
import { wheelSegments, type WheelSegment } from "@planify/common/constants/wheel";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { cryptoRandomInt } from "./random";
import { credit, fastUsers, json } from "./test-kit";
import { drawSegment, nextStreak } from "./wheel";

let ctx: TestContext;
afterEach(() => ctx?.close());

/** Chi-square of `n` crypto draws against the weights; df = segments - 1. */
function chiSquare(segments: WheelSegment[], n: number) {
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const s = drawSegment(segments, cryptoRandomInt);
    counts.set(s.key, (counts.get(s.key) ?? 0) + 1);
  }
  const total = segments.reduce((s, x) => s + x.weight, 0);
  let chi = 0;
  for (const s of segments) {
    const expected = (n * s.weight) / total;
    chi += ((counts.get(s.key) ?? 0) - expected) ** 2 / expected;
  }
  return { chi, counts };
}

describe("wheel draw (pure, crypto source)", () => {
  // Critical values at p = 0.001: df 7 → 24.32, df 6 → 22.46.
  it("matches the weekday weights over 20 000 draws", () => {
    const segments = wheelSegments({ boosted: false, galaxieAvailable: true, protectionReady: false });
    expect(segments.map((s) => [s.label, s.weight])).toEqual([
      ["20", 200],
      ["40", 180],
      ["80", 150],
      ["120", 130],
      ["160", 110],
      ["180", 100],
      ["Perdu", 100],
      ["Galaxie", 10],
    ]);
    expect(chiSquare(segments, 20_000).chi).toBeLessThan(24.32);
  });

  it("matches the weekend weights (x1.5 amounts, Perdu 0.05) over 20 000 draws", () => {
    const segments = wheelSegments({ boosted: true, galaxieAvailable: false, protectionReady: false });
    expect(segments.map((s) => [s.label, s.weight])).toEqual([
      ["30", 200],
      ["60", 180],
      ["120", 150],
      ["180", 130],
      ["240", 110],
      ["270", 100],
      ["Perdu", 50],
    ]);
    expect(chiSquare(segments, 20_000).chi).toBeLessThan(22.46);
  });

  it("never draws Perdu while the protection is ready", () => {
    const segments = wheelSegments({ boosted: false, galaxieAvailable: true, protectionReady: true });
    expect(chiSquare(segments, 5_000).counts.get("perdu")).toBeUndefined();
  });

  it("applies the streak rules", () => {
    const [win, , , , , , lose, galaxie] = wheelSegments({ boosted: false, galaxieAvailable: true, protectionReady: false });
    expect(nextStreak(0, lose!)).toEqual({ lossStreak: 1, protectionReady: false, protectionUsed: false });
    expect(nextStreak(1, lose!)).toEqual({ lossStreak: 2, protectionReady: true, protectionUsed: false });
    expect(nextStreak(2, win!)).toEqual({ lossStreak: 0, protectionReady: false, protectionUsed: true });
    expect(nextStreak(1, win!)).toEqual({ lossStreak: 0, protectionReady: false, protectionUsed: false });
    expect(nextStreak(1, galaxie!)).toEqual({ lossStreak: 0, protectionReady: false, protectionUsed: false });
  });
});

describe("POST /coins/spin-wheel", () => {
  it("spins once per Paris day; the status counts down to Paris midnight", async () => {
    ctx = createTestApp();
    ctx.clock.now = Date.parse("2026-11-16T22:30:00Z"); // Monday 23:30 in Paris
    const [u] = await fastUsers(ctx, 1);
    const status = await json(await ctx.request("GET", "/api/coins/spin-status", { token: u!.token }));
    expect(status).toMatchObject({
      success: true,
      canSpin: true,
      canSpinToday: true,
      lastSpinDate: null,
      lossStreak: 0,
      protectionReady: false,
      nextReset: "2026-11-16T23:00:00.000Z",
    });
    const spin = await json(await ctx.request("POST", "/api/coins/spin-wheel", { token: u!.token }));
    expect(spin).toMatchObject({ success: true, protectionUsed: false });
    for (const k of ["newCoins", "coinsWon", "rewardName", "rewardItemId", "message", "lossStreak", "protectionReady"])
      expect(spin).toHaveProperty(k);
    const second = await ctx.request("POST", "/api/coins/spin-wheel", { token: u!.token });
    expect(second.status).toBe(409);
    expect((await json(second)).message).toContain("déjà tourné la roue");
    ctx.clock.now = Date.parse("2026-11-16T22:59:59Z");
    expect((await ctx.request("POST", "/api/coins/spin-wheel", { token: u!.token })).status).toBe(409);
    ctx.clock.now = Date.parse("2026-11-16T23:00:00Z"); // Tuesday 00:00 Paris
    const after = await json(await ctx.request("GET", "/api/coins/spin-status", { token: u!.token }));
    expect(after).toMatchObject({ canSpin: true, lastSpinDate: "2026-11-16" });
    expect((await ctx.request("POST", "/api/coins/spin-wheel", { token: u!.token })).status).toBe(200);
  });

  it.each([
    // Spring forward: Sunday 29 March 2026, the day is 23 h long; midnight after is 22:00 UTC.
    ["2026-03-28T23:30:00Z", "2026-03-29T21:59:59Z", "2026-03-29T22:00:00Z"],
    // Fall back: Sunday 25 October 2026, the day is 25 h long; midnight after is 23:00 UTC.
    ["2026-10-24T22:30:00Z", "2026-10-25T22:59:59Z", "2026-10-25T23:00:00Z"],
  ])("uses the Paris day on DST change days (%s)", async (start, lastSecond, nextMidnight) => {
    ctx = createTestApp();
    ctx.clock.now = Date.parse(start);
    const [u] = await fastUsers(ctx, 1);
    expect((await ctx.request("POST", "/api/coins/spin-wheel", { token: u!.token })).status).toBe(200);
    const status = await json(await ctx.request("GET", "/api/coins/spin-status", { token: u!.token }));
    expect(status.nextReset).toBe(new Date(nextMidnight).toISOString());
    ctx.clock.now = Date.parse(lastSecond);
    expect((await ctx.request("POST", "/api/coins/spin-wheel", { token: u!.token })).status).toBe(409);
    ctx.clock.now = Date.parse(nextMidnight);
    expect((await ctx.request("POST", "/api/coins/spin-wheel", { token: u!.token })).status).toBe(200);
  });

  it("adds a win to coins, leaderboard and faction coins through the ledger; weekend message prefix", async () => {
    ctx = createTestApp();
    ctx.clock.now = Date.parse("2026-11-21T10:00:00Z"); // Saturday
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 7);
    let spin: Record<string, any> = {};
    for (const day of [0, 1, 7, 8, 14, 15, 21, 22]) {
      ctx.clock.now = Date.parse("2026-11-21T10:00:00Z") + day * 86_400_000; // Saturdays and Sundays
      spin = await json(await ctx.request("POST", "/api/coins/spin-wheel", { token: u!.token }));
      if (spin.coinsWon > 0) break;
    }
    expect(spin.coinsWon).toBeGreaterThan(0);
    expect([30, 60, 120, 180, 240, 270]).toContain(spin.coinsWon);
    expect(spin.message).toBe(`WEEKEND BONUS x1.5 🎉 Félicitations ! Vous avez gagné ${spin.coinsWon} coins !`);
    const coins = await json(await ctx.request("GET", "/api/coins/user-coins", { token: u!.token }));
    expect(coins.coins).toBe(spin.newCoins);
    expect(coins.leaderboardCoins).toBeGreaterThanOrEqual(spin.coinsWon);
    expect(coins.factionCoins).toBe(0); // no faction
  });

  it("refuses the admin test options and test-force-loss to students (403), allows them to admins", async () => {
    ctx = createTestApp();
    const [student] = await fastUsers(ctx, 1);
    const [admin] = await fastUsers(ctx, 1, "admin", "a");
    for (const [url, body] of [
      ["/api/coins/test-force-loss", undefined],
      ["/api/coins/spin-wheel", { wheel: "x2" }],
      ["/api/coins/spin-wheel", { force: true }],
    ] as const) {
      const res = await ctx.request("POST", url, { token: student!.token, body });
      expect(res.status, url).toBe(403);
    }
    const status = await json(await ctx.request("GET", "/api/coins/spin-status", { token: student!.token }));
    expect(status).toMatchObject({ canSpin: true, lossStreak: 0 });
    const loss1 = await json(await ctx.request("POST", "/api/coins/test-force-loss", { token: admin!.token }));
    const loss2 = await json(await ctx.request("POST", "/api/coins/test-force-loss", { token: admin!.token }));
    expect(loss1).toMatchObject({ success: true, lossStreak: 1, protectionReady: false });
    expect(loss2).toMatchObject({ success: true, lossStreak: 2, protectionReady: true });
    // Protection ready: the spin cannot lose and resets the streak.
    const spin = await json(await ctx.request("POST", "/api/coins/spin-wheel", { token: admin!.token, body: { wheel: "x2" } }));
    expect(spin).toMatchObject({ protectionUsed: true, lossStreak: 0, protectionReady: false });
    expect(spin.rewardName).not.toBe("Perdu");
    // Admin extra test spins are outside the one-per-day rule.
    expect((await ctx.request("POST", "/api/coins/spin-wheel", { token: admin!.token, body: { force: true } })).status).toBe(200);
    expect((await ctx.request("POST", "/api/coins/spin-wheel", { token: admin!.token, body: { force: true } })).status).toBe(200);
  });

  it("grants Galaxie as an unseen gift without coins, and removes its segment afterwards", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    const { spinWheel } = await import("./spin");
    const { getUser } = await import("../users/service");
    const segments = wheelSegments({ boosted: false, galaxieAvailable: true, protectionReady: false });
    const total = segments.reduce((s, x) => s + x.weight, 0);
    // A random source that lands on the last unit: the Galaxie segment.
    const user = await getUser(ctx.deps, u!.id);
    const result = await ctx.deps.db.transaction((tx) => spinWheel(ctx.deps, tx, user, {}, () => total - 1));
    expect(result).toMatchObject({
      rewardName: "Galaxie",
      rewardItemId: 25,
      coinsWon: 0,
      newCoins: 0,
      lossStreak: 0,
      message: "Félicitations ! Vous avez obtenu l'item Galaxie !",
    });
    const inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.purchasedItems.find((i: { itemId: number }) => i.itemId === 25)).toMatchObject({
      itemName: "Galaxie",
      adminGiftRead: false,
    });
    const status = await json(await ctx.request("GET", "/api/coins/spin-status", { token: u!.token }));
    expect(status.galaxieAvailable).toBe(false);
  });
});
