import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { payTaskMilestones } from "../coins";
import { recordTaskCompleted } from "../quests";

/**
 * The one place where a user's `completedTasks` changes: +1 when a check is
 * counted, −1 when a counted check is undone. Runs inside the caller's transaction; a +1 also
 * pays the task milestones newly reached (each once ever). Returns the count before and after.
 */
export async function countTaskCompletion(
  tx: DbOrTx,
  userId: string,
  delta: 1 | -1,
  at: number = Date.now(),
): Promise<{ before: number; after: number }> {
  const row = await first(
    tx
      .update(users)
      // Never below 0; a CASE, since SQLite's scalar MAX(a, b) is PostgreSQL's greatest(a, b).
      .set({ completedTasks: sql`CASE WHEN ${users.completedTasks} + ${delta} > 0 THEN ${users.completedTasks} + ${delta} ELSE 0 END` })
      .where(eq(users.id, userId))
      .returning({ after: users.completedTasks }),
  );
  const after = row?.after ?? 0;
  if (delta === 1) {
    await payTaskMilestones(tx, userId, after, at);
    await recordTaskCompleted(tx, userId, after, at);
  }
  return { before: delta === 1 ? after - 1 : after + 1, after };
}
