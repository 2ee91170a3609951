import { and, eq } from "drizzle-orm";
import { BUILTIN_SUBJECTS } from "@planify/common/constants/subjects";
import { TASK_MESSAGES as M, TASK_TITLE_MAX } from "@planify/common/constants/tasks";
import type { TaskBody, TaskEditBody } from "@planify/common/schemas/tasks";
import { taskPermissions } from "@planify/common/rules/task-permissions";
import { groupsLeftAfterRemoving } from "@planify/common/rules/task-groups";
import type { AppDeps } from "../../deps";
import { subjects, taskGroups, taskStates, tasks } from "../../db/schema";
import { AppError, badRequest, forbidden } from "../../lib/errors";
import { removeTaskFolders } from "../../lib/task-files";
import { newId } from "../../lib/ids";
import type { Tx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { collapseSpaces } from "../../lib/text";
import { seesEverything } from "../subjects";
import { cleanDescription, normaliseGroups, readWhen, type TaskRow } from "./model";
import { countTaskCompletion } from "./completion";
import { depositMissing, hideForUser } from "./state";
import { assertNotArchived, loadVisibleTask, loadWritableTask } from "./visibility";
import { announceOwnTask, announceTask } from "./live";

type TaskWrite = Partial<typeof tasks.$inferInsert>;

/** The canonical name of a known subject (built-in or stored), or a French 400. */
export async function knownSubject(deps: AppDeps, raw: string): Promise<string> {
  const name = collapseSpaces(raw);
  if (!name) throw badRequest(M.subjectRequired);
  const key = name.toLowerCase();
  const builtin = BUILTIN_SUBJECTS.find((s) => s.toLowerCase() === key);
  if (builtin) return builtin;
  const stored = await first(deps.db.select({ name: subjects.name }).from(subjects).where(eq(subjects.nameKey, key)));
  if (!stored) throw badRequest(M.unknownSubject);
  return stored.name;
}

function cleanTitle(raw: string): string {
  const title = collapseSpaces(raw);
  if (!title) throw badRequest(M.titleRequired);
  if (title.length > TASK_TITLE_MAX) throw badRequest(`Le titre ne doit pas dépasser ${TASK_TITLE_MAX} caractères.`);
  return title;
}

/** Main group shown on cards: the one asked for when it is in the list, else the first. */
const mainGroup = (groups: string[], asked?: string) => (asked && groups.includes(asked) ? asked : groups[0]!);

/** The checked fields of a task body (titles, subject, Paris date and time, groups, sanitised description), with the French message of each mistake. */
export interface ClassTaskFields {
  titre: string;
  type: "devoir" | "exam";
  matiere: string;
  date: string;
  heure: string;
  deadlineAt: number;
  description: string;
  specialite: string;
  groupe: string;
  groupes: string[];
}

/** Reads a task body as a class task stores it (POST /events, and a proposal of one). */
export async function classTaskFields(deps: AppDeps, body: TaskBody): Promise<ClassTaskFields> {
  const titre = cleanTitle(body.titre);
  const matiere = await knownSubject(deps, body.matiere);
  const when = readWhen(body);
  const groupes = normaliseGroups(body.groupes, body.groupe);
  return {
    titre,
    type: body.type ?? "devoir",
    matiere,
    ...when,
    description: cleanDescription(body.description ?? ""),
    specialite: body.specialite ?? "",
    groupe: mainGroup(groupes, body.groupe),
    groupes,
  };
}

/** Stores a task's groups (one row each) in the caller's transaction. */
export async function writeGroups(tx: Tx, taskId: string, groups: string[]): Promise<void> {
  await tx.delete(taskGroups).where(eq(taskGroups.taskId, taskId));
  await tx.insert(taskGroups).values(groups.map((groupe) => ({ taskId, groupe })));
}

/**
 * Publishes a task (delegue, prof, admin). A delegate's task always gets the delegate's own
 * year and never opens hand-ins; profs and admins must choose the year.
 */
export async function createTask(deps: AppDeps, user: UserRow, body: TaskBody): Promise<string> {
  const staff = seesEverything(user);
  const year = staff ? body.year : user.year;
  const { groupes: groups, ...fields } = await classTaskFields(deps, body);
  if (!year) throw badRequest(M.yearRequired);
  const id = newId();
  const at = new Date(deps.now()).toISOString();
  await deps.db.transaction(async (tx) => {
    await tx.insert(tasks).values({
      id,
      ...fields,
      durationMinutes: body.durationMinutes ?? null,
      year,
      submissionEnabled: staff ? (body.submissionEnabled ?? false) : false,
      createdBy: user.id,
      createdAt: at,
      updatedAt: at,
    });
    await writeGroups(tx, id, groups);
    await announceTask(tx, deps.now(), { id, year, specialite: body.specialite ?? "", createdBy: user.id }, groups);
  });
  return id;
}

/**
 * Applies the fields present in an edit. `canSetYear` and `canSetSubmission` are false for a
 * delegate's update-self: the year never changes and hand-ins stay a teacher's decision.
 */
async function applyEdit(
  deps: AppDeps,
  { task, groupes: before }: { task: TaskRow; groupes: string[] },
  body: TaskEditBody,
  opts: { canSetYear: boolean; canSetSubmission: boolean; clearArchived?: boolean },
): Promise<void> {
  const patch: TaskWrite = { updatedAt: new Date(deps.now()).toISOString() };
  if (body.titre !== undefined) patch.titre = cleanTitle(body.titre);
  if (body.matiere !== undefined) patch.matiere = await knownSubject(deps, body.matiere);
  if (body.type !== undefined) patch.type = body.type;
  if (body.date !== undefined || body.heure !== undefined) {
    Object.assign(patch, readWhen({ date: body.date ?? task.date, heure: body.heure ?? task.heure }));
  }
  if (body.durationMinutes !== undefined) patch.durationMinutes = body.durationMinutes;
  if (body.description !== undefined) patch.description = cleanDescription(body.description);
  if (body.specialite !== undefined) patch.specialite = body.specialite;
  if (opts.canSetYear && body.year !== undefined) {
    if (!body.year) throw badRequest(M.yearRequired);
    patch.year = body.year;
  }
  if (opts.canSetSubmission && body.submissionEnabled !== undefined) patch.submissionEnabled = body.submissionEnabled;
  const groups = body.groupes !== undefined || body.groupe !== undefined ? normaliseGroups(body.groupes, body.groupe) : null;
  if (groups) patch.groupe = mainGroup(groups, body.groupe ?? task.groupe);
  await deps.db.transaction(async (tx) => {
    await tx.update(tasks).set(patch).where(eq(tasks.id, task.id));
    if (groups) await writeGroups(tx, task.id, groups);
    if (opts.clearArchived) await tx.update(taskStates).set({ archived: false }).where(eq(taskStates.taskId, task.id));
    await announceTask(tx, deps.now(), { ...task, ...patch }, groups ?? before, { task, groups: before });
  });
}

/**
 * PUT /events/{id}: profs and admins edit any task, year and hand-in switch included. An
 * admin's edit (the dashboard's task form) removes the archived flag: whoever had archived
 * the task finds it again, changed, among their tasks.
 */
export async function updateTask(deps: AppDeps, user: UserRow, id: string, body: TaskEditBody): Promise<TaskRow> {
  const found = await loadWritableTask(deps.db, id);
  await applyEdit(deps, found, body, { canSetYear: true, canSetSubmission: true, clearArchived: user.role === "admin" });
  return found.task;
}

/** POST /events/{id}/update-self: the creator edits its own task; the year never changes. */
export async function updateOwnTask(deps: AppDeps, user: UserRow, id: string, body: TaskEditBody): Promise<TaskRow> {
  const found = await loadWritableTask(deps.db, id);
  if (found.task.createdBy !== user.id) throw forbidden(M.notCreator);
  await applyEdit(deps, found, body, { canSetYear: false, canSetSubmission: seesEverything(user), clearArchived: user.role === "admin" });
  return found.task;
}

/** Replaces a task's groups ('Appliquer' in 'Mes tâches créées'); no group is refused. */
export async function setTaskGroups(deps: AppDeps, user: UserRow, id: string, groupsIn: string[]): Promise<void> {
  const { task, groupes } = await loadWritableTask(deps.db, id);
  if (!taskPermissions(user, task).setGroups) throw forbidden(M.notCreator);
  if (!groupsIn.length) throw badRequest(M.groupRequired);
  await setGroupsOf(deps, task, normaliseGroups(groupsIn, undefined), groupes);
}

async function setGroupsOf(deps: AppDeps, task: TaskRow, groups: string[], before: string[]): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(tasks)
      .set({ groupe: mainGroup(groups, task.groupe), updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(tasks.id, task.id));
    await writeGroups(tx, task.id, groups);
    await announceTask(tx, deps.now(), task, groups, { task, groups: before });
  });
}

/**
 * DELETE /events/{id}: hides the task for the caller only. A student (eleve or delegue) may
 * not hide a task that needs a hand-in they have not made (the 'Attention' list).
 */
export async function hideTask(deps: AppDeps, user: UserRow, id: string): Promise<void> {
  const { task } = await loadVisibleTask(deps, user, id);
  assertNotArchived(task);
  if (await depositMissing(deps.db, user, task)) throw new AppError("DEPOSIT_REQUIRED", M.depositRequired);
  await hideForUser(deps, user.id, id);
  await announceOwnTask(deps.db, deps.now(), user.id, id);
}

/** What a hard delete did: the task's title, and the groups it kept (none: deleted for everyone). */
export interface HardDeleteResult {
  title: string;
  removed: string[];
  kept: string[];
}

/**
 * Hard delete: the creator or an admin. With `removedGroups` (the confirmation's group choice)
 * the task is removed for those groups only and stays for the others; when no group is left,
 * or with no choice, the task's rows and files on disk all go.
 */
export async function hardDeleteTask(deps: AppDeps, user: UserRow, id: string, removedGroups?: string[]): Promise<HardDeleteResult> {
  const { task, groupes: groups } = await loadWritableTask(deps.db, id);
  if (!taskPermissions(user, task).hardDelete) throw forbidden(M.notCreatorDelete);
  const kept = removedGroups?.length ? groupsLeftAfterRemoving(groups, removedGroups) : [];
  if (kept.length) {
    await setGroupsOf(deps, task, kept, groups);
    return { title: task.titre, removed: removedGroups ?? [], kept };
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Completions counted on this task go with it, so publishing, ticking and deleting
    // tasks cannot farm the completion milestones (milestones already paid stay paid).
    const counted = await tx
      .select({ userId: taskStates.userId })
      .from(taskStates)
      .where(and(eq(taskStates.taskId, id), eq(taskStates.counted, true)));
    for (const { userId } of counted) await countTaskCompletion(tx, userId, -1, now);
    await tx.delete(tasks).where(eq(tasks.id, id));
    await announceTask(tx, now, task, groups);
  });
  await removeTaskFolders(deps, id);
  return { title: task.titre, removed: groups, kept: [] };
}
