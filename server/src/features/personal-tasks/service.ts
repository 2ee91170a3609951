import { and, asc, count, desc, eq, gte, lt, or, type SQL } from "drizzle-orm";
import { PERSONAL_MESSAGES as M, PERSONAL_TASKS_MAX } from "@planify/common/constants/personal-tasks";
import { TASK_DEFAULT_DURATION_MIN } from "@planify/common/constants/tasks";
import { PERSONAL_PERMISSIONS, personalTaskProblem } from "@planify/common/rules/personal-tasks";
import type { PersonalTaskBody, PersonalTaskEditBody } from "@planify/common/schemas/personal-tasks";
import type { TaskDto } from "@planify/common/schemas/tasks";
import { parisDate } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import { personalTasks } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { collapseSpaces } from "../../lib/text";
import type { UserRow } from "../../db/types";
import { deadlineOf, parseDate, parseTime, knownSubject } from "../tasks";
import { escapeHtml } from "../../lib/mailer";

export type PersonalRow = typeof personalTasks.$inferSelect;
export type PersonalAction = "check" | "uncheck" | "archive" | "unarchive";

/**
 * A personal task in the shape of every task, so that old clients list it like the others:
 * `personal: true`, the note as typed and as escaped HTML, no group, the owner's own state.
 */
export function presentPersonal(row: PersonalRow, owner: UserRow, now: number): TaskDto {
  const end = row.deadlineAt + TASK_DEFAULT_DURATION_MIN * 60_000;
  return {
    _id: row.id,
    id: row.id,
    titre: row.titre,
    title: row.titre,
    type: "devoir",
    matiere: row.matiere,
    subject: row.matiere,
    date: row.date,
    heure: row.heure,
    durationMinutes: null,
    description: escapeHtml(row.note).replace(/\r?\n/g, "<br>"),
    year: owner.year ?? "",
    specialite: "",
    groupe: "",
    groupes: [],
    submissionEnabled: false,
    createdBy: row.ownerId,
    creatorId: row.ownerId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    attachments: [],
    checked: row.checked,
    archived: row.archived,
    hidden: false,
    checkedBy: row.checked ? [owner.id] : [],
    archivedBy: row.archived ? [owner.id] : [],
    hiddenBy: [],
    late: !row.checked && now > row.deadlineAt,
    start: new Date(row.deadlineAt).toISOString(),
    end: new Date(end).toISOString(),
    can: { ...PERSONAL_PERMISSIONS },
    personal: true,
    note: row.note,
  };
}

/**
 * The one visibility rule of personal tasks: the owner's own row, or nothing. Every read
 * goes through it (or through the owner-scoped list helpers below), so no role, admins
 * included, ever reaches someone else's.
 */
export function findOwnPersonalTask(deps: AppDeps, user: UserRow, id: string): PersonalRow | null {
  return (
    deps.db
      .select()
      .from(personalTasks)
      .where(and(eq(personalTasks.id, id), eq(personalTasks.ownerId, user.id)))
      .get() ?? null
  );
}

function loadOwn(deps: AppDeps, user: UserRow, id: string): PersonalRow {
  const row = findOwnPersonalTask(deps, user, id);
  if (!row) throw notFound(M.notFound);
  return row;
}

/** Checks and normalises the typed fields; `keepDate` lets an edit keep a date now out of range. */
function readFields(deps: AppDeps, input: Required<PersonalTaskBody>, keepDate?: string) {
  const titre = collapseSpaces(input.titre);
  const date = parseDate(input.date);
  if (!date) throw badRequest(M.dateRequired);
  const heure = parseTime(input.heure);
  if (!heure) throw badRequest(M.timeRequired);
  const note = input.note.replace(/\r\n/g, "\n").trim();
  const problem = personalTaskProblem({ titre, date, heure, note }, parisDate(deps.now()), keepDate);
  if (problem) throw badRequest(problem);
  const matiere = collapseSpaces(input.matiere) ? knownSubject(deps, input.matiere) : "";
  return { titre, date, heure, deadlineAt: deadlineOf(date, heure), note, matiere };
}

/** Adds a personal task for the caller (any signed-in role), within PERSONAL_TASKS_MAX. */
export function createPersonalTask(deps: AppDeps, user: UserRow, body: PersonalTaskBody): TaskDto {
  const fields = readFields(deps, { note: "", matiere: "", ...body });
  const at = new Date(deps.now()).toISOString();
  const id = newId();
  deps.db.transaction((tx) => {
    const held = tx.select({ n: count() }).from(personalTasks).where(eq(personalTasks.ownerId, user.id)).get()?.n ?? 0;
    if (held >= PERSONAL_TASKS_MAX) throw new AppError("PERSONAL_LIMIT", M.tooMany);
    tx.insert(personalTasks)
      .values({ id, ownerId: user.id, ...fields, createdAt: at, updatedAt: at })
      .run();
  });
  return presentPersonal(loadOwn(deps, user, id), user, deps.now());
}

/** Changes the fields given of one of the caller's personal tasks; someone else's is a 404. */
export function updatePersonalTask(deps: AppDeps, user: UserRow, id: string, body: PersonalTaskEditBody): TaskDto {
  const row = loadOwn(deps, user, id);
  const fields = readFields(
    deps,
    {
      titre: body.titre ?? row.titre,
      date: body.date ?? row.date,
      heure: body.heure ?? row.heure,
      note: body.note ?? row.note,
      matiere: body.matiere ?? row.matiere,
    },
    row.date,
  );
  deps.db.transaction((tx) => {
    tx.update(personalTasks)
      .set({ ...fields, updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(personalTasks.id, row.id))
      .run();
  });
  return presentPersonal(loadOwn(deps, user, id), user, deps.now());
}

/** Deletes one of the caller's personal tasks for good (they are its only reader). */
export function deletePersonalTask(deps: AppDeps, user: UserRow, id: string): void {
  const row = loadOwn(deps, user, id);
  deps.db.transaction((tx) => {
    tx.delete(personalTasks).where(eq(personalTasks.id, row.id)).run();
  });
}

/**
 * Check, uncheck, archive, unarchive of a personal task: its own row only. Nothing here
 * reaches completedTasks, milestones, the ledger or faction totals, so ticking personal tasks
 * can never earn anything. Answers the caller's unchanged completedTasks like a class task.
 */
export function applyPersonalState(deps: AppDeps, user: UserRow, row: PersonalRow, action: PersonalAction) {
  const patch = action === "check" || action === "uncheck" ? { checked: action === "check" } : { archived: action === "archive" };
  deps.db.transaction((tx) => {
    tx.update(personalTasks).set(patch).where(eq(personalTasks.id, row.id)).run();
  });
  // The session's row is fresh as of the last write, and nothing here changes the count.
  return { event: presentPersonal({ ...row, ...patch }, user, deps.now()), completedTasks: user.completedTasks };
}

/** The caller's personal tasks due from `from` (UTC ms) on, by deadline. */
export function personalTasksFrom(deps: AppDeps, user: UserRow, from: number): PersonalRow[] {
  return deps.db
    .select()
    .from(personalTasks)
    .where(and(eq(personalTasks.ownerId, user.id), gte(personalTasks.deadlineAt, from)))
    .orderBy(asc(personalTasks.deadlineAt), asc(personalTasks.id))
    .all();
}

/** The caller's personal tasks strictly before (deadline, id), newest first, at most `limit`. */
export function personalTasksBefore(
  deps: AppDeps,
  user: UserRow,
  cursor: { deadlineAt: number; id: string },
  limit: number,
): PersonalRow[] {
  const older: SQL = cursor.id
    ? or(
        lt(personalTasks.deadlineAt, cursor.deadlineAt),
        and(eq(personalTasks.deadlineAt, cursor.deadlineAt), lt(personalTasks.id, cursor.id)),
      )!
    : lt(personalTasks.deadlineAt, cursor.deadlineAt);
  return deps.db
    .select()
    .from(personalTasks)
    .where(and(eq(personalTasks.ownerId, user.id), older))
    .orderBy(desc(personalTasks.deadlineAt), desc(personalTasks.id))
    .limit(limit)
    .all();
}

/** The caller's next personal deadline still to come (its `late` flag changes after it), for the list's ETag. */
export function nextPersonalDeadline(deps: AppDeps, userId: string, now: number): number | null {
  return (
    deps.sqlite
      .query<{ at: number | null }, [string, number]>(
        "SELECT min(deadline_at) AS at FROM personal_tasks WHERE owner_id = ?1 AND deadline_at >= ?2",
      )
      .get(userId, now)?.at ?? null
  );
}

/** The caller's last personal deadline already passed (its `late` flag changed then), for the list's ETag. */
export function lastPassedPersonalDeadline(deps: AppDeps, userId: string, now: number): number | null {
  return (
    deps.sqlite
      .query<{ at: number | null }, [string, number]>(
        "SELECT max(deadline_at) AS at FROM personal_tasks WHERE owner_id = ?1 AND deadline_at < ?2",
      )
      .get(userId, now)?.at ?? null
  );
}
