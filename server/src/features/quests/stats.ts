import { and, asc, count, eq, ne } from "drizzle-orm";
import { REPEATABLE_QUESTS } from "@planify/common/constants/quests";
import type { QuestStatsResponse, RepeatableQuestsResponse } from "@planify/common/schemas/quests";
import type { QuestStats } from "@planify/common/rules/quest-progress";
import { taskProposals, userAchievements, users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { COUNTER, repCounter } from "./model";
import { readCounters, type CounterRow } from "./counters";

const dayCount = (row: CounterRow | undefined) => ({ ymd: row?.parisDay ?? null, count: row?.value ?? 0 });

/** The counters achievements are measured on (GET /quests/stats without `success`). */
export async function readStats(db: DbOrTx, userId: string): Promise<QuestStats> {
  const counters = await readCounters(db, userId);
  const user = await first(
    db.select({ completedTasks: users.completedTasks, faction: users.faction }).from(users).where(eq(users.id, userId)),
  );
  // Proposals made, a withdrawn one not counting (it is kept only for the daily limit).
  const proposals = await first(
    db
      .select({ n: count() })
      .from(taskProposals)
      .where(and(eq(taskProposals.proposedBy, userId), ne(taskProposals.status, "withdrawn"))),
  );
  const value = (name: string) => Math.max(0, counters.get(name)?.value ?? 0);
  return {
    completedTasks: Math.max(0, user?.completedTasks ?? 0),
    wheelSpinTotal: value(COUNTER.spins),
    wheelLossTotal: value(COUNTER.losses),
    dailyCompleted: value(COUNTER.daily),
    repeatCompleted: value(COUNTER.repeat),
    proposalsCount: Number(proposals?.n ?? 0),
    wheelWeekendSpinsToday: dayCount(counters.get(COUNTER.weekendSpins)),
    wheelWeekendLossToday: dayCount(counters.get(COUNTER.weekendLosses)),
    faction: user?.faction ?? null,
  };
}

/** GET /quests/stats. */
export async function statsAnswer(db: DbOrTx, userId: string): Promise<QuestStatsResponse> {
  return { success: true, ...(await readStats(db, userId)) };
}

/** GET /quests/repeatable: each repeatable's progress toward its next payment, in whole percent. */
export async function repeatableAnswer(db: DbOrTx, userId: string): Promise<RepeatableQuestsResponse> {
  const counters = await readCounters(db, userId);
  return {
    success: true,
    repeatable: REPEATABLE_QUESTS.map((q) => {
      const value = Math.max(0, counters.get(repCounter(q.id))?.value ?? 0);
      return { id: q.id, progress: Math.min(100, Math.round((value / q.threshold) * 100)), reward: q.reward };
    }),
  };
}

/** The achievements a user unlocked, in the order they were. */
export async function unlockedIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userAchievements.achievementId })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .orderBy(asc(userAchievements.unlockedAt), asc(userAchievements.achievementId));
  return rows.map((r) => r.id);
}
