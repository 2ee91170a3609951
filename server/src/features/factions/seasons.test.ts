import { first } from "../../db/engine";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { SEASON_LOSE_REWARD, SEASON_WIN_REWARD } from "@planify/common/constants/social";
import type { SeasonHistoryResponse } from "@planify/common/schemas/social";
import { coinLedger, factions, popups, seasons, users } from "../../db/schema";
import { applyLedger } from "../../lib/ledger";
import { requestsHeld } from "../../lib/request-hold";
import { creditFactionTotal } from "../../lib/faction-totals";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { fastUsers } from "../coins/test-kit";

// Seasons are Paris calendar months, closed exactly once from the first request after the end
// (signed-in requests wait for the close; a test reading the database waits as they do).

/** A member earning coins for their faction as a wheel win would (ledger + faction total). */
async function earn(ctx: TestContext, userId: string, faction: "Bagnat" | "Fermier", n: number) {
  await ctx.deps.db.transaction(async (tx) => {
    await applyLedger(tx, { userId, coins: n, leaderboardCoins: n, factionCoins: n, reason: "wheel", at: ctx.deps.now() });
    await creditFactionTotal(tx, faction, n, ctx.deps.now());
  });
}

async function school(ctx: TestContext, split: { Bagnat: number[]; Fermier: number[] }) {
  const out: { id: string; token: string; faction: "Bagnat" | "Fermier" }[] = [];
  for (const faction of ["Bagnat", "Fermier"] as const) {
    const people = await fastUsers(ctx, split[faction].length, "eleve", faction);
    for (const [i, p] of people.entries()) {
      await ctx.request("POST", "/api/factions/join", { token: p.token, body: { faction } });
      await earn(ctx, p.id, faction, split[faction][i]!);
      out.push({ ...p, faction });
    }
  }
  return out;
}

const coinsOf = async (ctx: TestContext, id: string) => (await first(ctx.deps.db.select().from(users).where(eq(users.id, id))))!;
const ledgerMatchesBalances = (ctx: TestContext) =>
  ctx.deps.engine.raw.get<{
    n: number;
  }>(`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM users u WHERE coins != (SELECT COALESCE(SUM(coins_delta),0) FROM coin_ledger l WHERE l.user_id = u.id)
      OR leaderboard_coins != (SELECT COALESCE(SUM(leaderboard_delta),0) FROM coin_ledger l WHERE l.user_id = u.id)
      OR faction_coins != (SELECT COALESCE(SUM(faction_delta),0) FROM coin_ledger l WHERE l.user_id = u.id)`);

describe("closing a season", () => {
  it("closes exactly once when 50 requests arrive across the boundary; winners +200, losers +80, pop-ups once, all reset", async () => {
    const ctx = createTestApp();
    try {
      ctx.clock.now = Date.parse("2026-11-30T22:59:00Z"); // 23:59 in Paris, still November
      const members = await school(ctx, { Bagnat: [100, 50, 30], Fermier: [60, 40] });
      const before = new Map<string, number>();
      for (const m of members) before.set(m.id, (await coinsOf(ctx, m.id)).coins);
      const token = members[0]!.token;
      // Requests just before the end change nothing.
      await Promise.all(Array.from({ length: 10 }, () => ctx.request("GET", "/api/health")));
      expect(await ctx.deps.db.select().from(seasons).where(sql`${seasons.closedAt} IS NOT NULL`)).toHaveLength(0);

      ctx.clock.now = Date.parse("2026-11-30T23:00:00Z"); // midnight in Paris: December
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          i % 2 ? ctx.request("GET", "/api/health") : ctx.request("GET", "/api/factions/leaderboard", { token }),
        ),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
      await requestsHeld(ctx.deps);

      const closed = (await first(ctx.deps.db.select().from(seasons).where(eq(seasons.month, "2026-11"))))!;
      expect(closed).toMatchObject({ bagnatTotal: 180, fermierTotal: 100, winner: "Bagnat", closedAt: Date.parse("2026-11-30T23:00:00Z") });
      expect(await first(ctx.deps.db.select().from(seasons).where(eq(seasons.month, "2026-12")))).toMatchObject({ closedAt: null });
      for (const m of members) {
        const u = await coinsOf(ctx, m.id);
        expect(u.coins).toBe(before.get(m.id)! + (m.faction === "Bagnat" ? SEASON_WIN_REWARD : SEASON_LOSE_REWARD));
        expect([u.factionCoins, u.leaderboardCoins]).toEqual([0, 0]);
      }
      expect((await ctx.deps.db.select().from(factions)).map((f) => f.totalCoins)).toEqual([0, 0]);
      expect(await ctx.deps.db.select().from(coinLedger).where(eq(coinLedger.reason, "season-result"))).toHaveLength(5);
      expect(await ctx.deps.db.select().from(popups)).toHaveLength(5);
      expect((await ledgerMatchesBalances(ctx))?.n).toBe(0);

      // Each member sees their result once.
      const winner = members[0]!;
      const popup = await ctx.request("GET", "/api/popups/for-me", { token: winner.token });
      const html = ((await popup.json()) as { html: string; _id?: string; id?: string }).html;
      expect(html).toContain("Fin de la saison de novembre 2026");
      expect(html).toContain("Bagnat remporte la saison");
      expect(html).toContain("200 Planify Coins");
      const popupId = (await first(ctx.deps.db.select().from(popups).where(eq(popups.userId, winner.id))))!.id;
      expect((await ctx.request("POST", `/api/popups/ack/${popupId}`, { token: winner.token })).status).toBe(200);
      expect((await ctx.request("GET", "/api/popups/for-me", { token: winner.token })).status).toBe(204);
      const loser = members.find((m) => m.faction === "Fermier")!;
      const lost = (await (await ctx.request("GET", "/api/popups/for-me", { token: loser.token })).json()) as { html: string };
      expect(lost.html).toContain("80 Planify Coins");
      // The winners, and only they, unlocked « Guerre gagnée ».
      const achievements = async (u: { token: string }) =>
        ((await (await ctx.request("GET", "/api/quests/achievements", { token: u.token })).json()) as { achievements: string[] })
          .achievements;
      expect(await achievements(winner)).toContain("faction-join");
      expect(await achievements(loser)).not.toContain("faction-join");

      // History keeps totals, winner and podiums.
      const history = (await (await ctx.request("GET", "/api/factions/seasons", { token })).json()) as SeasonHistoryResponse;
      expect(history.seasons).toHaveLength(1);
      expect(history.seasons[0]).toMatchObject({ month: "2026-11", winner: "Bagnat", totals: { Bagnat: 180, Fermier: 100 } });
      expect(history.seasons[0]!.podiums.Bagnat.map((p) => p.value)).toEqual([100, 50, 30]);
      expect(history.seasons[0]!.podiums.Fermier.map((p) => [p.value, p.rank])).toEqual([
        [60, 1],
        [40, 2],
      ]);
      expect(history.seasons[0]!.podiums.coins.map((p) => p.value)).toEqual([100, 60, 50]);

      // Later requests in December close nothing more.
      ctx.clock.now = Date.parse("2026-12-15T12:00:00Z");
      await ctx.request("GET", "/api/health");
      await requestsHeld(ctx.deps); // the close this request started (signed-in requests wait for it)
      expect(await ctx.deps.db.select().from(popups)).toHaveLength(5);
      expect(await ctx.deps.db.select().from(seasons)).toHaveLength(2);
    } finally {
      ctx.close();
    }
  });

  it("a tie pays nobody and says so", async () => {
    const ctx = createTestApp();
    try {
      ctx.clock.now = Date.parse("2026-11-20T10:00:00Z");
      const members = await school(ctx, { Bagnat: [70], Fermier: [30, 40] });
      const wallets = async () => {
        const coins: number[] = [];
        for (const m of members) coins.push((await coinsOf(ctx, m.id)).coins);
        return coins;
      };
      const before = await wallets();
      ctx.clock.now = Date.parse("2026-12-01T08:00:00Z");
      await ctx.request("GET", "/api/health");
      await requestsHeld(ctx.deps); // the close this request started (signed-in requests wait for it)
      expect(await first(ctx.deps.db.select().from(seasons).where(eq(seasons.month, "2026-11")))).toMatchObject({
        winner: null,
        bagnatTotal: 70,
        fermierTotal: 70,
      });
      expect(await wallets()).toEqual(before);
      const html = ((await (await ctx.request("GET", "/api/popups/for-me", { token: members[1]!.token })).json()) as { html: string }).html;
      expect(html).toContain("Égalité parfaite");
      expect(html).toContain("pas de coins distribués");
      expect((await ledgerMatchesBalances(ctx))?.n).toBe(0);
    } finally {
      ctx.close();
    }
  });

  it.each([
    ["October, when summer time ends", "2026-10-15T10:00:00Z", "2026-10-31T22:59:59Z", "2026-10-31T23:00:00Z", "2026-10"],
    ["March, when summer time starts", "2027-03-15T10:00:00Z", "2027-03-31T21:59:59Z", "2027-03-31T22:00:00Z", "2027-03"],
  ])("ends at Paris midnight in %s", async (_name, during, lastSecond, boundary, month) => {
    const ctx = createTestApp();
    try {
      ctx.clock.now = Date.parse(during);
      await school(ctx, { Bagnat: [10], Fermier: [5] });
      ctx.clock.now = Date.parse(lastSecond);
      await ctx.request("GET", "/api/health");
      await requestsHeld(ctx.deps); // the close this request started (signed-in requests wait for it)
      expect(await first(ctx.deps.db.select().from(seasons).where(eq(seasons.month, month)))).toMatchObject({ closedAt: null });
      ctx.clock.now = Date.parse(boundary);
      await ctx.request("GET", "/api/health");
      await requestsHeld(ctx.deps); // the close this request started (signed-in requests wait for it)
      expect(await first(ctx.deps.db.select().from(seasons).where(eq(seasons.month, month)))).toMatchObject({
        closedAt: Date.parse(boundary),
        winner: "Bagnat",
      });
    } finally {
      ctx.close();
    }
  });

  it("after months without a request, closes the open season and opens the current month only", async () => {
    const ctx = createTestApp();
    try {
      ctx.clock.now = Date.parse("2026-09-10T10:00:00Z");
      await school(ctx, { Bagnat: [5], Fermier: [9] });
      ctx.clock.now = Date.parse("2027-01-05T10:00:00Z");
      await ctx.request("GET", "/api/health");
      await requestsHeld(ctx.deps); // the close this request started (signed-in requests wait for it)
      expect(
        (await ctx.deps.db.select({ month: seasons.month, closed: seasons.closedAt }).from(seasons)).map((s) => [
          s.month,
          s.closed !== null,
        ]),
      ).toEqual([
        ["2026-09", true],
        ["2027-01", false],
      ]);
    } finally {
      ctx.close();
    }
  });

  it("the board tells the season and when it ends (Paris midnight)", async () => {
    const ctx = createTestApp();
    try {
      const [u] = await fastUsers(ctx, 1);
      const json = (await (await ctx.request("GET", "/api/factions/leaderboard", { token: u!.token })).json()) as { season: unknown };
      expect(json.season).toEqual({ month: "2026-11", endsAt: "2026-11-30T23:00:00.000Z" });
    } finally {
      ctx.close();
    }
  });
});
