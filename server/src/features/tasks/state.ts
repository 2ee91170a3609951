import { and, count, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { taskFiles, taskStates, users } from "../../db/schema";
import { seesEverything } from "../subjects";
import type { UserRow, DbOrTx, Tx } from "../../db/types";
import { countTaskCompletion } from "./completion";
import { first } from "../../db/engine";
import { EMPTY_STATE, type TaskRow } from "./model";
import { announceOwnTask } from "./live";
import { termsOf } from "./hand-in-terms";
import { TASK_AUTHOR_ROLES } from "@planify/common/constants/roles";

/**
 * A task one published oneself never counts: milestones reward doing the promo's work. A
 * student's proposal validated by a reviewer is the promo's work (its author does it like the
 * others), so only the tasks of those who may publish (delegates, teachers, admins) are excluded.
 */
export const publishedByOneself = (task: Pick<TaskRow, "createdBy">, user: Pick<UserRow, "id" | "role">): boolean =>
  task.createdBy === user.id && TASK_AUTHOR_ROLES.includes(user.role);

export type StateAction = "check" | "uncheck" | "archive" | "unarchive";

function readState(tx: Tx, userId: string, taskId: string) {
  return first(
    tx
      .select()
      .from(taskStates)
      .where(and(eq(taskStates.userId, userId), eq(taskStates.taskId, taskId))),
  );
}

async function writeState(tx: Tx, userId: string, taskId: string, patch: Partial<typeof taskStates.$inferInsert>, at: number) {
  await tx
    .insert(taskStates)
    .values({ userId, taskId, ...patch, updatedAt: at })
    .onConflictDoUpdate({ target: [taskStates.userId, taskStates.taskId], set: { ...patch, updatedAt: at } });
}

/** A student (eleve or delegue) has not handed in the files this task asks for (an exempt student owes nothing). */
export async function depositMissing(tx: DbOrTx, user: UserRow, task: TaskRow): Promise<boolean> {
  if (seesEverything(user) || !task.submissionEnabled) return false;
  const deposited = await first(
    tx
      .select({ n: count() })
      .from(taskFiles)
      .where(
        and(eq(taskFiles.taskId, task.id), eq(taskFiles.kind, "submission"), eq(taskFiles.userId, user.id), isNull(taskFiles.removedAt)),
      ),
  );
  if (deposited?.n) return false;
  return !(await termsOf(tx, task.id, user.id)).exempt;
}

/**
 * Applies a per-user state change in one transaction. A check counts toward completedTasks
 * when the task is not an exam, its Paris deadline has not passed, the user did not create it
 * and it is not already counted; an uncheck removes a counted check. An unarchive also unchecks
 * and removes the task from the user's list, as clearing the archives does, except a task
 * still waiting for the user's hand-in, which stays in the list. Repeating an action changes nothing.
 * Runs in `inTx` when given (the Idempotency-Key wrapper's transaction).
 */
export function applyStateAction(
  deps: AppDeps,
  user: UserRow,
  task: TaskRow,
  action: StateAction,
  inTx?: Tx,
): Promise<{ completedTasks: number }> {
  const now = deps.now();
  const run = async (tx: Tx) => {
    const current = (await readState(tx, user.id, task.id)) ?? { ...EMPTY_STATE, counted: false };
    const changes =
      (action === "check" && !current.checked) ||
      (action === "uncheck" && current.checked) ||
      (action === "archive" && !current.archived) ||
      (action === "unarchive" && current.archived);
    // The user's other devices show the tick (or the archive) too.
    if (changes) await announceOwnTask(tx, now, user.id, task.id);
    if (action === "check" && !current.checked) {
      const counts = !current.counted && task.type !== "exam" && now <= task.deadlineAt && !publishedByOneself(task, user);
      await writeState(tx, user.id, task.id, { checked: true, ...(counts ? { counted: true } : {}) }, now);
      if (counts) await countTaskCompletion(tx, user.id, 1, now);
    } else if (action === "uncheck" && current.checked) {
      await writeState(tx, user.id, task.id, { checked: false, counted: false }, now);
      if (current.counted) await countTaskCompletion(tx, user.id, -1, now);
    } else if (action === "archive" && !current.archived) {
      await writeState(tx, user.id, task.id, { archived: true }, now);
    } else if (action === "unarchive" && current.archived) {
      const hidden = !(await depositMissing(tx, user, task));
      await writeState(tx, user.id, task.id, { archived: false, checked: false, counted: false, hidden }, now);
      if (current.counted) await countTaskCompletion(tx, user.id, -1, now);
    }
    const completed = await first(tx.select({ n: users.completedTasks }).from(users).where(eq(users.id, user.id)));
    return { completedTasks: completed?.n ?? 0 };
  };
  return inTx ? run(inTx) : deps.db.transaction(run);
}

/** Hides a task for this user only (DELETE /events/{id}). */
export async function hideForUser(deps: AppDeps, userId: string, taskId: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await writeState(tx, userId, taskId, { hidden: true }, now);
  });
}
