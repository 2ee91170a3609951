// What the hand-in screens read: a task, the students who see it (the reverse of the task list's
// visibility rule), and each one's override, versions, feedback and returned copies.
import { and, asc, eq, inArray, isNull, or, sql, type Column, type SQL } from "drizzle-orm";
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import { TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import type { AppDeps } from "../../deps";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { handInFeedback, handInOverrides, handInVersions, taskFiles, tasks, users } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { subjectAccess } from "../subjects";
import { groupsColumn } from "../tasks";

export type TaskRow = typeof tasks.$inferSelect;
export type TaskFileRow = typeof taskFiles.$inferSelect;
export type OverrideRow = typeof handInOverrides.$inferSelect;
export type VersionRow = typeof handInVersions.$inferSelect;
export type FeedbackRow = typeof handInFeedback.$inferSelect;
export type Student = Pick<UserRow, "id" | "username" | "firstName" | "lastName" | "groupe" | "role" | "year" | "specialite">;

export interface HandInTaskRow {
  task: TaskRow;
  groupes: string[];
}

/** One student's facts on one task. */
export interface StudentFacts {
  student: Student;
  override: OverrideRow | null;
  /** The latest version (null: never deposited). */
  current: VersionRow | null;
  feedback: FeedbackRow | null;
  /** Copies returned to this student, oldest first. */
  returned: TaskFileRow[];
}

/** Student-side roles (an "etudiant" is stored as eleve). */
const STUDENT_ROLES = ["eleve", "delegue"] as const;

const studentColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  groupe: users.groupe,
  role: users.role,
  year: users.year,
  specialite: users.specialite,
};

/** Loads a task with its groups, or 404. */
export async function loadTask(db: DbOrTx, taskId: string): Promise<HandInTaskRow> {
  const row = await first(db.select({ task: tasks, groups: groupsColumn }).from(tasks).where(eq(tasks.id, taskId)));
  if (!row) throw notFound(M.notFound);
  return { task: row.task, groupes: JSON.parse(row.groups) as string[] };
}

/**
 * Loads a task that runs hand-ins: its deposit box is on, or some student already has a
 * version or an override (a box closed after the deposits). Otherwise 400.
 */
export async function loadHandInTask(db: DbOrTx, taskId: string): Promise<HandInTaskRow> {
  const found = await loadTask(db, taskId);
  if (found.task.submissionEnabled) return found;
  const holds = async (table: typeof handInVersions | typeof handInOverrides) =>
    (await first(db.select({ one: sql<number>`1` }).from(table).where(eq(table.taskId, taskId)).limit(1))) !== undefined;
  if (!(await holds(handInVersions)) && !(await holds(handInOverrides))) throw badRequest(H.notSubmissionTask);
  return found;
}

/** Refuses a change on a task the rollover archived (its hand-ins are read-only). */
export function assertWritable(task: TaskRow): void {
  if (task.archivedYear !== null) throw new AppError("CONFLICT", M.archivedYear(task.archivedYear));
}

/** A hand-in task that may still change (not archived). */
export async function loadWritableHandInTask(db: DbOrTx, taskId: string): Promise<HandInTaskRow> {
  const found = await loadHandInTask(db, taskId);
  assertWritable(found.task);
  return found;
}

/** SQL of « this account is a student of the task's class » (year, speciality, groups), or its creator. */
function classCondition({ task, groupes }: HandInTaskRow): SQL {
  const inClass = and(
    eq(users.year, task.year),
    task.specialite === "" ? undefined : eq(users.specialite, task.specialite),
    groupes.includes("Promo") ? undefined : inArray(users.groupe, groupes.length ? groupes : [""]),
  )!;
  return and(
    inArray(users.role, [...STUDENT_ROLES]),
    isNull(users.deactivatedAt),
    task.createdBy ? or(inClass, eq(users.id, task.createdBy)) : inClass,
  )!;
}

/** Applies the subject rules (spec 4 §7): a student whose lists exclude the task's subject does not see it. */
async function seeSubject(deps: AppDeps, task: TaskRow, students: Student[]): Promise<Student[]> {
  const out: Student[] = [];
  for (const s of students) {
    if (s.id === task.createdBy || (await subjectAccess(deps, s))(task.matiere)) out.push(s);
  }
  return out;
}

const byName = (a: Student, b: Student) =>
  a.lastName.localeCompare(b.lastName, "fr", { sensitivity: "base" }) ||
  a.firstName.localeCompare(b.firstName, "fr", { sensitivity: "base" }) ||
  a.username.localeCompare(b.username, "fr", { sensitivity: "base" });

/** Every student who sees the task (active accounts), by last name then first name and username. */
export async function studentsOf(deps: AppDeps, found: HandInTaskRow): Promise<Student[]> {
  const rows = await deps.db.select(studentColumns).from(users).where(classCondition(found));
  return (await seeSubject(deps, found.task, rows)).sort(byName);
}

/** One student of the task, or 404 (unknown account, or one who does not see the task). */
export async function studentOf(deps: AppDeps, found: HandInTaskRow, userId: string): Promise<Student> {
  const row = await first(deps.db.select(studentColumns).from(users).where(eq(users.id, userId)));
  if (!row) throw notFound(H.studentNotFound);
  const inClass = await first(
    deps.db
      .select(studentColumns)
      .from(users)
      .where(and(eq(users.id, userId), classCondition(found))),
  );
  if (!inClass || (await seeSubject(deps, found.task, [inClass])).length === 0) throw notFound(H.notAStudent);
  return row;
}

/** A writable hand-in task and one of its students (the per-student writes). */
export async function writableStudent(deps: AppDeps, taskId: string, userId: string): Promise<{ found: HandInTaskRow; student: Student }> {
  const found = await loadWritableHandInTask(deps.db, taskId);
  return { found, student: await studentOf(deps, found, userId) };
}

/** The facts of these students on the task, in their order (a few queries for the whole table). */
export async function factsOf(db: DbOrTx, taskId: string, students: Student[]): Promise<StudentFacts[]> {
  // One student (the detail, a write's answer) reads only their rows; a table reads the task's.
  const one = students.length === 1 ? students[0]!.id : null;
  const mine = (column: Column) => (one ? eq(column, one) : undefined);
  const overrides = new Map(
    (
      await db
        .select()
        .from(handInOverrides)
        .where(and(eq(handInOverrides.taskId, taskId), mine(handInOverrides.userId)))
    ).map((o) => [o.userId, o]),
  );
  const feedback = new Map(
    (
      await db
        .select()
        .from(handInFeedback)
        .where(and(eq(handInFeedback.taskId, taskId), mine(handInFeedback.userId)))
    ).map((f) => [f.userId, f]),
  );
  // Ascending: the last one read for a student is their current version.
  const current = new Map<string, VersionRow>();
  for (const v of await db
    .select()
    .from(handInVersions)
    .where(and(eq(handInVersions.taskId, taskId), mine(handInVersions.userId)))
    .orderBy(asc(handInVersions.version))) {
    current.set(v.userId, v);
  }
  const returned = new Map<string, TaskFileRow[]>();
  const files = await db
    .select()
    .from(taskFiles)
    .where(and(eq(taskFiles.taskId, taskId), eq(taskFiles.kind, "returned"), one ? eq(taskFiles.userId, one) : undefined))
    .orderBy(asc(taskFiles.createdAt), asc(taskFiles.storedName));
  for (const f of files) returned.set(f.userId ?? "", [...(returned.get(f.userId ?? "") ?? []), f]);
  return students.map((student) => ({
    student,
    override: overrides.get(student.id) ?? null,
    current: current.get(student.id) ?? null,
    feedback: feedback.get(student.id) ?? null,
    returned: returned.get(student.id) ?? [],
  }));
}

/** One student's facts (the detail screen and the answers of per-student writes). */
export async function factsOfOne(db: DbOrTx, taskId: string, student: Student): Promise<StudentFacts> {
  return (await factsOf(db, taskId, [student]))[0]!;
}
