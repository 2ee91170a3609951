import { ACHIEVEMENTS, TASK_STREAK_DAYS } from "@planify/common/constants/quests";
import { achievementReached } from "@planify/common/rules/quest-progress";
import { parisDate } from "@planify/common/time/paris-time";
import { userAchievements } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { counterValue } from "./counters";
import { COUNTER } from "./model";
import { readStats, unlockedIds } from "./stats";

/** Unlocks achievements, each once per user (the primary key refuses a second row). */
export async function unlock(tx: DbOrTx, userId: string, ids: readonly string[], at: number): Promise<void> {
  if (!ids.length) return;
  await tx
    .insert(userAchievements)
    .values(ids.map((achievementId) => ({ userId, achievementId, unlockedAt: at })))
    .onConflictDoNothing();
}

/**
 * The achievements the counters now reach and the user does not hold yet: the thresholds of
 * the stats (shared with the popup's progress), the first quest and spin, checks on several days.
 */
export async function reachedAchievements(db: DbOrTx, userId: string, at: number): Promise<string[]> {
  const stats = await readStats(db, userId);
  const held = new Set(await unlockedIds(db, userId));
  const today = parisDate(at);
  const reached = ACHIEVEMENTS.map((a) => a.id).filter((id) => achievementReached(id, stats, today));
  // Firsts the popup's progress does not measure.
  if (stats.dailyCompleted >= 1) reached.push("ach-first-quest");
  if (stats.wheelSpinTotal >= 1) reached.push("ach-wheel-once");
  if ((await counterValue(db, userId, COUNTER.taskDays)).value >= TASK_STREAK_DAYS) reached.push("ach-task-streak");
  return reached.filter((id) => !held.has(id));
}

/** Unlocks whatever the counters now reach, in the caller's transaction (after a counter moved). */
export async function syncAchievements(tx: DbOrTx, userId: string, at: number): Promise<void> {
  await unlock(tx, userId, await reachedAchievements(tx, userId, at), at);
}
