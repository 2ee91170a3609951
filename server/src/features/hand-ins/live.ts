import type { DbOrTx } from "../../db/types";
import { publishLive } from "../../lib/live";

/**
 * One student's hand-in changed (their deadline, exemption, reopening, returned copy): their
 * own list refreshes, and so does every open hand-in table (staff).
 */
export async function announceHandIn(tx: DbOrTx, at: number, taskId: string, userIds: string[]): Promise<void> {
  if (userIds.length > 0) await publishLive(tx, at, "tasks", { users: userIds }, { taskId });
  await publishLive(tx, at, "submissions", { staff: true }, { taskId });
}
