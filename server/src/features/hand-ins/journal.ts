import type { DbOrTx, UserRow } from "../../db/types";
import { recordAdminAction } from "../../lib/journal";
import type { Student } from "./roster";

/**
 * Marking is a teacher's ordinary work; an admin doing it is administration and goes to the
 * admin journal (like tasks/journal.ts), in the write's own transaction.
 */
export async function journalHandIn(
  tx: DbOrTx,
  user: Pick<UserRow, "id" | "username" | "role">,
  at: number,
  action: string,
  summary: string,
  details: Record<string, unknown>,
  student?: Student,
): Promise<void> {
  if (user.role !== "admin") return;
  const target = student ? { id: student.id, username: student.username } : null;
  await recordAdminAction(tx, user, { action, summary, at, target, details });
}
