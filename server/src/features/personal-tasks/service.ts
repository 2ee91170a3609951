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
import { first } from "../../db/engine";
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
export async function findOwnPersonalTask(deps: AppDeps, user: UserRow, id: string): Promise<PersonalRow | null> {
  return (
    (await first(
      deps.db
        .select()
        .from(personalTasks)
        .where(and(eq(personalTasks.id, id), eq(personalTasks.ownerId, user.id))),
    )) ?? null
  );
}

async function loadOwn(deps: AppDeps, user: UserRow, id: string): Promise<PersonalRow> {
  const row = await findOwnPersonalTask(deps, user, id);
  if (!row) throw notFound(M.notFound);
  return row;
}

/** Checks and normalises the typed fields; `keepDate` lets an edit keep a date now out of range. */
async function readFields(deps: AppDeps, input: Required<PersonalTaskBody>, keepDate?: string) {
  const titre = collapseSpaces(input.titre);
  const date = parseDate(input.date);
  if (!date) throw badRequest(M.dateRequired);
  const heure = parseTime(input.heure);
  if (!heure) throw badRequest(M.timeRequired);
  const note = input.note.replace(/\r\n/g, "\n").trim();
  const problem = personalTaskProblem({ titre, date, heure, note }, parisDate(deps.now()), keepDate);
  if (problem) throw badRequest(problem);
  const matiere = collapseSpaces(input.matiere) ? await knownSubject(deps, input.matiere) : "";
  return { titre, date, heure, deadlineAt: deadlineOf(date, heure), note, matiere };
}

/** Adds a personal task for the caller (any signed-in role), within PERSONAL_TASKS_MAX. */
export async function createPersonalTask(deps: AppDeps, user: UserRow, body: PersonalTaskBody): Promise<TaskDto> {
  const fields = await readFields(deps, { note: "", matiere: "", ...body });
  const at = new Date(deps.now()).toISOString();
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const held = (await first(tx.select({ n: count() }).from(personalTasks).where(eq(personalTasks.ownerId, user.id))))?.n ?? 0;
    if (held >= PERSONAL_TASKS_MAX) throw new AppError("PERSONAL_LIMIT", M.tooMany);
    await tx.insert(personalTasks).values({ id, ownerId: user.id, ...fields, createdAt: at, updatedAt: at });
  });
  return presentPersonal(await loadOwn(deps, user, id), user, deps.now());
}

/** Changes the fields given of one of the caller's personal tasks; someone else's is a 404. */
export async function updatePersonalTask(deps: AppDeps, user: UserRow, id: string, body: PersonalTaskEditBody): Promise<TaskDto> {
  const row = await loadOwn(deps, user, id);
  const fields = await readFields(
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
  await deps.db.transaction(async (tx) => {
    await tx
      .update(personalTasks)
      .set({ ...fields, updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(personalTasks.id, row.id));
  });
  return presentPersonal(await loadOwn(deps, user, id), user, deps.now());
}

/** Deletes one of the caller's personal tasks for good (they are its only reader). */
export async function deletePersonalTask(deps: AppDeps, user: UserRow, id: string): Promise<void> {
  const row = await loadOwn(deps, user, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(personalTasks).where(eq(personalTasks.id, row.id));
  });
}

/**
 * Check, uncheck, archive, unarchive of a personal task: its own row only. Nothing here
 * reaches completedTasks, milestones, the ledger or faction totals, so ticking personal tasks
 * can never earn anything. Answers the caller's unchanged completedTasks like a class task.
 */
export async function applyPersonalState(
  deps: AppDeps,
  user: UserRow,
  row: PersonalRow,
  action: PersonalAction,
): Promise<{ event: TaskDto; completedTasks: number }> {
  const patch = action === "check" || action === "uncheck" ? { checked: action === "check" } : { archived: action === "archive" };
  await deps.db.transaction(async (tx) => {
    await tx.update(personalTasks).set(patch).where(eq(personalTasks.id, row.id));
  });
  // The session's row is fresh as of the last write, and nothing here changes the count.
  return { event: presentPersonal({ ...row, ...patch }, user, deps.now()), completedTasks: user.completedTasks };
}

/** The caller's personal tasks due from `from` (UTC ms) on, by deadline. */
export async function personalTasksFrom(deps: AppDeps, user: UserRow, from: number): Promise<PersonalRow[]> {
  return await deps.db
    .select()
    .from(personalTasks)
    .where(and(eq(personalTasks.ownerId, user.id), gte(personalTasks.deadlineAt, from)))
    .orderBy(asc(personalTasks.deadlineAt), asc(personalTasks.id));
}

/** The caller's personal tasks strictly before (deadline, id), newest first, at most `limit`. */
export async function personalTasksBefore(
  deps: AppDeps,
  user: UserRow,
  cursor: { deadlineAt: number; id: string },
  limit: number,
): Promise<PersonalRow[]> {
  const older: SQL = cursor.id
    ? or(
        lt(personalTasks.deadlineAt, cursor.deadlineAt),
        and(eq(personalTasks.deadlineAt, cursor.deadlineAt), lt(personalTasks.id, cursor.id)),
      )!
    : lt(personalTasks.deadlineAt, cursor.deadlineAt);
  return await deps.db
    .select()
    .from(personalTasks)
    .where(and(eq(personalTasks.ownerId, user.id), older))
    .orderBy(desc(personalTasks.deadlineAt), desc(personalTasks.id))
    .limit(limit);
}

/** One deadline aggregate (min or max) as a number: PostgreSQL answers a bigint's as a string. */
async function deadlineAggregate(deps: AppDeps, text: string, userId: string, now: number): Promise<number | null> {
  const at = (await deps.engine.raw.get<{ at: number | string | null }>(text, [userId, now]))?.at;
  return at == null ? null : Number(at);
}

/** The caller's next personal deadline still to come (its `late` flag changes after it), for the list's ETag. */
export function nextPersonalDeadline(deps: AppDeps, userId: string, now: number): Promise<number | null> {
  return deadlineAggregate(
    deps,
    "SELECT min(deadline_at) AS at FROM personal_tasks WHERE owner_id = ?1 AND deadline_at >= ?2",
    userId,
    now,
  );
}

/** The caller's last personal deadline already passed (its `late` flag changed then), for the list's ETag. */
export function lastPassedPersonalDeadline(deps: AppDeps, userId: string, now: number): Promise<number | null> {
  return deadlineAggregate(deps, "SELECT max(deadline_at) AS at FROM personal_tasks WHERE owner_id = ?1 AND deadline_at < ?2", userId, now);
}
