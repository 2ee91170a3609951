import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { TaskDto } from "@planify/common/schemas/tasks";
import { TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import type { AppDeps } from "../../deps";
import type { DbOrTx, UserRow } from "../../db/types";
import { taskFiles, taskGroups, tasks, taskStates } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { seesEverything, subjectAccess } from "../subjects";
import { first } from "../../db/engine";
import { insertionOrder, jsonArrayOf } from "../../db/dialect";
import { EMPTY_STATE, toTaskDto, type TaskFileRow, type TaskRow } from "./model";
import { termsByTask } from "./hand-in-terms";

const CHUNK = 500;

/** Groups of a task as a JSON array, read in the same query as the task. */
export const groupsColumn = jsonArrayOf(taskGroups.groupe, sql`FROM ${taskGroups} WHERE ${taskGroups.taskId} = ${tasks.id}`);

/**
 * SQL of the visibility rule as separate branches, each served by its own index: the
 * caller's year with an empty or matching speciality (tasks_visibility_idx) and a group list
 * holding their group or Promo; and the tasks they created (tasks_created_by_idx). Staff see
 * everything: one branch without a condition (tasks_deadline_idx).
 */
export function visibleBranches(user: UserRow): SQL[] {
  // Tasks archived by the rollover leave every list (staff read them in the rollover archives).
  const current = isNull(tasks.archivedYear);
  if (seesEverything(user)) return [current];
  const inGroups = sql`EXISTS (SELECT 1 FROM ${taskGroups} WHERE ${taskGroups.taskId} = ${tasks.id} AND ${taskGroups.groupe} IN (${user.groupe}, 'Promo'))`;
  const specialities = [...new Set(["", user.specialite])];
  return [
    ...specialities.map((specialite) => and(eq(tasks.year, user.year), eq(tasks.specialite, specialite), inGroups, current)!),
    and(eq(tasks.createdBy, user.id), current)!,
  ];
}

/** What the class rule reads of a task (or of a proposed one). */
export type ClassItem = Pick<TaskRow, "year" | "specialite" | "matiere">;

/**
 * The class rule of the task list for this user, as a predicate (its subject access read once):
 * their year, an empty or matching speciality, a group list holding their group or Promo, a
 * subject they follow. Staff see everything. Proposals are shown by the same rule.
 */
export async function classItemFilter(deps: AppDeps, user: UserRow): Promise<(item: ClassItem, groupes: string[]) => boolean> {
  if (seesEverything(user)) return () => true;
  const follows = await subjectAccess(deps, user);
  return (item, groupes) =>
    item.year === user.year &&
    (item.specialite === "" || item.specialite === user.specialite) &&
    (groupes.includes("Promo") || groupes.includes(user.groupe)) &&
    follows(item.matiere);
}

/** Whether this user may see this task (same rule as the list, for one task). */
export async function canSeeTask(deps: AppDeps, user: UserRow, task: TaskRow, groupes: string[]): Promise<boolean> {
  if (seesEverything(user)) return true;
  // An archived task is gone for students and delegates; staff still read it.
  if (task.archivedYear !== null) return false;
  if (task.createdBy === user.id) return true;
  return (await classItemFilter(deps, user))(task, groupes);
}

/** Loads one task with its groups, or 404. */
export async function loadTask(db: DbOrTx, id: string): Promise<{ task: TaskRow; groupes: string[] }> {
  const row = await first(db.select({ task: tasks, groups: groupsColumn }).from(tasks).where(eq(tasks.id, id)));
  if (!row) throw notFound(M.notFound);
  return { task: row.task, groupes: JSON.parse(row.groups) as string[] };
}

/** Refuses any change to a task the rollover archived (read-only for staff, gone for students). */
export function assertNotArchived(task: TaskRow): void {
  if (task.archivedYear !== null) throw new AppError("CONFLICT", M.archivedYear(task.archivedYear));
}

/** Loads a task that may still change (not archived), or 404 / 409. */
export async function loadWritableTask(db: DbOrTx, id: string): Promise<{ task: TaskRow; groupes: string[] }> {
  const found = await loadTask(db, id);
  assertNotArchived(found.task);
  return found;
}

/** Whether the caller may see this task (false for a missing one too). */
export async function taskVisibleTo(deps: AppDeps, user: UserRow, id: string): Promise<boolean> {
  const row = await first(deps.db.select({ task: tasks, groups: groupsColumn }).from(tasks).where(eq(tasks.id, id)));
  return !!row && (await canSeeTask(deps, user, row.task, JSON.parse(row.groups) as string[]));
}

/** Loads a task the caller may see; a task they may not see answers 404 like a missing one. */
export async function loadVisibleTask(deps: AppDeps, user: UserRow, id: string): Promise<{ task: TaskRow; groupes: string[] }> {
  const found = await loadTask(deps.db, id);
  if (!(await canSeeTask(deps, user, found.task, found.groupes))) throw notFound(M.notFound);
  return found;
}

async function attachmentsOf(deps: AppDeps, ids: string[]): Promise<Map<string, TaskFileRow[]>> {
  const byTask = new Map<string, TaskFileRow[]>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await deps.db
      .select()
      .from(taskFiles)
      .where(and(eq(taskFiles.kind, "attachment"), inArray(taskFiles.taskId, ids.slice(i, i + CHUNK))))
      .orderBy(asc(taskFiles.createdAt), asc(insertionOrder(taskFiles)));
    for (const f of rows) byTask.set(f.taskId, [...(byTask.get(f.taskId) ?? []), f]);
  }
  return byTask;
}

/** Builds the answers for a list of tasks: one query for states, one per 500 for attachments, and a student's own hand-in terms. */
export async function presentTasks(deps: AppDeps, user: UserRow, rows: { task: TaskRow; groups: string }[]): Promise<TaskDto[]> {
  const ids = rows.map((r) => r.task.id);
  // Small lists ask for their own rows; long ones read all the caller's states at once.
  const stateWhere =
    ids.length <= CHUNK ? and(eq(taskStates.userId, user.id), inArray(taskStates.taskId, ids)) : eq(taskStates.userId, user.id);
  const states = new Map((await deps.db.select().from(taskStates).where(stateWhere)).map((s) => [s.taskId, s]));
  const files = await attachmentsOf(deps, ids);
  // A student's own deadlines, exemptions and returned copies (staff have none).
  const terms = seesEverything(user) || !ids.length ? null : await termsByTask(deps.db, user.id);
  const now = deps.now();
  return rows.map(({ task, groups }) =>
    toTaskDto(
      task,
      JSON.parse(groups) as string[],
      files.get(task.id) ?? [],
      states.get(task.id) ?? EMPTY_STATE,
      now,
      user,
      terms?.get(task.id),
    ),
  );
}

/** Tasks the caller created ('Mes tâches créées'). */
export async function listCreatedTasks(deps: AppDeps, user: UserRow): Promise<TaskDto[]> {
  const rows = await deps.db
    .select({ task: tasks, groups: groupsColumn })
    .from(tasks)
    .where(and(eq(tasks.createdBy, user.id), isNull(tasks.archivedYear)))
    .orderBy(asc(tasks.deadlineAt), asc(tasks.id));
  return await presentTasks(deps, user, rows);
}

/** One task's answer for the caller. */
export async function presentTask(deps: AppDeps, user: UserRow, id: string): Promise<TaskDto> {
  const { task, groupes } = await loadTask(deps.db, id);
  return (await presentTasks(deps, user, [{ task, groups: JSON.stringify(groupes) }]))[0]!;
}
