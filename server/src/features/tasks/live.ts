import type { DbOrTx } from "../../db/types";
import { publishLive, taskAudience, type ClassScope } from "../../lib/live";
import type { TaskRow } from "./model";

type TaskScope = Pick<TaskRow, "id" | "year" | "specialite" | "createdBy">;

const scopeOf = (task: TaskScope, groups: string[]): ClassScope => ({ year: task.year, specialite: task.specialite, groups });

/**
 * Tells the open lists that this task was added, changed or removed: its class, its author and
 * staff. An edit names the class before and after (those who lose the task hear it too).
 */
export async function announceTask(
  tx: DbOrTx,
  at: number,
  task: TaskScope,
  groups: string[],
  before?: { task: TaskScope; groups: string[] },
) {
  const classes = [scopeOf(task, groups), ...(before ? [scopeOf(before.task, before.groups)] : [])];
  await publishLive(tx, at, "tasks", taskAudience(task.createdBy, ...classes), { taskId: task.id });
}

/** Only this user's lists (a task hidden or ticked on another device). */
export async function announceOwnTask(tx: DbOrTx, at: number, userId: string, taskId: string) {
  await publishLive(tx, at, "tasks", { users: [userId] }, { taskId });
}

/** A hand-in arrived or changed: staff (the teachers' hand-in lists) and the student's other devices. */
export async function announceSubmission(tx: DbOrTx, at: number, userId: string, taskId: string) {
  await publishLive(tx, at, "submissions", { staff: true, users: [userId] }, { taskId });
}
