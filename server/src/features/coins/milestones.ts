import { TASK_MILESTONES } from "@planify/common/constants/economy";
import { taskMilestones } from "../../db/schema";
import { applyLedger } from "../../lib/ledger";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";

/**
 * Pays the task milestones reached by `completedTasks` (10th, 25th, 50th counted task:
 * +50, +120, +300) inside the caller's transaction. Each threshold pays once ever: the
 * (user, threshold) primary key refuses a second payment after uncheck/check toggling.
 * Returns the coins paid now.
 */
export async function payTaskMilestones(tx: DbOrTx, userId: string, completedTasks: number, at: number = Date.now()): Promise<number> {
  let paid = 0;
  for (const { threshold, coins } of TASK_MILESTONES) {
    if (completedTasks < threshold) continue;
    const row = await first(tx.insert(taskMilestones).values({ userId, threshold, paidAt: at }).onConflictDoNothing().returning());
    if (!row) continue;
    await applyLedger(tx, { userId, coins, leaderboardCoins: coins, reason: "milestone", reference: `tasks:${threshold}`, at });
    paid += coins;
  }
  return paid;
}
