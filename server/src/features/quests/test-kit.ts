// Test support for the quests tests (imported by *.test.ts only).
import { and, count, eq } from "drizzle-orm";
import { parisDate } from "@planify/common/time/paris-time";
import type { TestContext } from "../../../test/helpers";
import { coinLedger, dailyQuestDays, dailyQuests, users } from "../../db/schema";
import { first } from "../../db/engine";

/** Sets a user's three quests of today (as if drawn), with the leaderboard target when given. */
export async function seedToday(ctx: TestContext, userId: string, ids: readonly string[], target = ""): Promise<string> {
  const day = parisDate(ctx.deps.now());
  await ctx.deps.db.insert(dailyQuestDays).values({ userId, parisDay: day, targetName: target });
  await ctx.deps.db.insert(dailyQuests).values(ids.map((questId, slot) => ({ userId, parisDay: day, slot, questId })));
  return day;
}

/** How many ledger rows of a reason (and reference) a user has. */
export async function ledgerRows(ctx: TestContext, userId: string, reason: string, reference?: string): Promise<number> {
  const where = and(
    eq(coinLedger.userId, userId),
    eq(coinLedger.reason, reason),
    reference ? eq(coinLedger.reference, reference) : undefined,
  );
  return Number((await first(ctx.deps.db.select({ n: count() }).from(coinLedger).where(where)))?.n ?? 0);
}

/** A user's balances. */
export async function balances(ctx: TestContext, userId: string) {
  return (await first(
    ctx.deps.db
      .select({ coins: users.coins, leaderboardCoins: users.leaderboardCoins, factionCoins: users.factionCoins })
      .from(users)
      .where(eq(users.id, userId)),
  ))!;
}

export { json } from "../coins/test-kit";
