import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import { handInStatus, isExtended } from "@planify/common/rules/hand-ins";
import type { MyHandInDto } from "@planify/common/schemas/hand-ins";
import type { SubmissionDto } from "@planify/common/schemas/tasks";
import type { AppDeps } from "../../deps";
import { handInFeedback, taskFiles, users } from "../../db/schema";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { insertionOrder } from "../../db/dialect";
import { forbidden, notFound } from "../../lib/errors";
import { seesEverything } from "../subjects";
import { toFileDto, type TaskFileRow, type TaskRow } from "./model";
import { assertNotArchived, loadTask, loadVisibleTask } from "./visibility";
import { download, findFile, saveFiles } from "./files-service";
import {
  currentFiles,
  isOpen,
  lastVersionAt,
  overridesOnTask,
  ownDeadline,
  recordVersion,
  termsOf,
  versionsOf,
  type OwnTerms,
} from "./hand-in-terms";
import { announceSubmission } from "./live";

// A student's hand-in on a task: deposits and removals (each a new version), their own view
// with their terms and the published feedback, and the staff list of current hand-ins.

/**
 * A hand-in summary: its current files, the time of its current version (`versionAt`: the last
 * deposit or removal, the time the hand-in table, the ZIP and the status judge) and the delay
 * past the student's own deadline.
 */
function summarise(files: TaskFileRow[], deadlineAt: number, exempt = false, versionAt?: number) {
  const newest = files.reduce((max, f) => Math.max(max, f.createdAt), 0);
  const last = files.length ? Math.max(versionAt ?? 0, newest) : 0;
  const lateByMs = !exempt && last && last > deadlineAt ? last - deadlineAt : 0;
  return {
    // An exempt student's files are never late: no deadline to judge them by.
    files: files.map((f) => toFileDto(f, exempt ? Number.POSITIVE_INFINITY : deadlineAt)),
    submittedAt: last ? new Date(last).toISOString() : null,
    late: lateByMs > 0,
    lateMinutes: Math.ceil(lateByMs / 60_000),
    lateByMs,
  };
}

/** The French refusal when the box is shut for this student (disabled, or their copy returned). */
function closedMessage(task: TaskRow, terms: OwnTerms): string {
  return task.submissionEnabled && terms.publishedAt !== null ? H.depositClosedCorrected : M.submissionDisabled;
}

/** Refuses unless the box is open for this student (read again in the write's transaction). */
async function assertOpen(db: DbOrTx, task: TaskRow, userId: string): Promise<void> {
  const terms = await termsOf(db, task.id, userId);
  if (!isOpen(task, terms)) throw forbidden(closedMessage(task, terms));
}

/** Hand-ins are for students, on tasks they see, while the box is open for them (rules depositOpen). */
async function assertCanDeposit(deps: AppDeps, user: UserRow, taskId: string): Promise<TaskRow> {
  if (seesEverything(user)) throw forbidden(M.submissionStudentsOnly);
  assertNotArchived((await loadTask(deps.db, taskId)).task);
  const { task } = await loadVisibleTask(deps, user, taskId);
  await assertOpen(deps.db, task, user.id);
  return task;
}

/** The summary a student's deposit or removal answers with. */
async function ownSummary(deps: AppDeps, task: TaskRow, userId: string) {
  const [terms, versionTimes] = await Promise.all([termsOf(deps.db, task.id, userId), lastVersionAt(deps.db, task.id, userId)]);
  return summarise(await currentFiles(deps.db, task.id, userId), ownDeadline(task, terms), terms.exempt, versionTimes.get(userId));
}

/** What the teacher returned to this student, once published: comment, mark and the copies returned by then. */
async function publishedFeedback(deps: AppDeps, task: TaskRow, userId: string): Promise<MyHandInDto["feedback"]> {
  const row = await first(
    deps.db
      .select()
      .from(handInFeedback)
      .where(and(eq(handInFeedback.taskId, task.id), eq(handInFeedback.userId, userId))),
  );
  if (row?.publishedAt == null) return null;
  const files = await deps.db
    .select()
    .from(taskFiles)
    .where(
      and(
        eq(taskFiles.taskId, task.id),
        eq(taskFiles.kind, "returned"),
        eq(taskFiles.userId, userId),
        lte(taskFiles.createdAt, row.publishedAt),
      ),
    )
    .orderBy(asc(taskFiles.createdAt), asc(insertionOrder(taskFiles)));
  return {
    comment: row.publishedComment ?? "",
    mark: row.publishedMark,
    markScale: task.markScale,
    publishedAt: new Date(row.publishedAt).toISOString(),
    files: files.map((f) => toFileDto(f)),
  };
}

/** The student's own view: status, their deadline, every version, the published feedback (never the draft). */
async function myHandIn(deps: AppDeps, task: TaskRow, userId: string, files: TaskFileRow[], terms: OwnTerms): Promise<MyHandInDto> {
  const deadlineAt = ownDeadline(task, terms);
  // An exempt student's versions are never late: no deadline to judge them by.
  const versions = await versionsOf(deps.db, task, userId, terms.exempt ? Number.POSITIVE_INFINITY : deadlineAt);
  const current = versions[0];
  return {
    status: handInStatus({
      exempt: terms.exempt,
      lastAt: current ? Date.parse(current.at) : null,
      fileCount: files.length,
      deadlineAt,
    }),
    deadline: new Date(deadlineAt).toISOString(),
    extendedUntil: isExtended(task.deadlineAt, terms) ? new Date(deadlineAt).toISOString() : null,
    exempt: terms.exempt,
    open: isOpen(task, terms),
    versions,
    feedback: await publishedFeedback(deps, task, userId),
  };
}

/** The caller's own hand-in for a task they may see; a student also gets their terms, versions and returned feedback. */
export async function mySubmission(deps: AppDeps, user: UserRow, taskId: string) {
  const { task } = await loadVisibleTask(deps, user, taskId);
  const files = await currentFiles(deps.db, taskId, user.id);
  if (seesEverything(user)) return { submissionEnabled: task.submissionEnabled, ...summarise(files, task.deadlineAt) };
  const terms = await termsOf(deps.db, taskId, user.id);
  const handIn = await myHandIn(deps, task, user.id, files, terms);
  const current = handIn.versions[0];
  return {
    submissionEnabled: task.submissionEnabled,
    ...summarise(files, ownDeadline(task, terms), terms.exempt, current ? Date.parse(current.at) : undefined),
    handIn,
  };
}

/** Adds files to the caller's hand-in (deposits append) and records the new version, in one transaction. */
export async function submitFiles(deps: AppDeps, user: UserRow, taskId: string, files: File[]) {
  const task = await assertCanDeposit(deps, user, taskId);
  await saveFiles(deps, task, "submission", user, files, async (tx, at) => {
    await assertOpen(tx, task, user.id);
    await recordVersion(tx, taskId, user.id, at);
  });
  // Once the files are in place: a teacher's list fetched on this event downloads them.
  await announceSubmission(deps.db, deps.now(), user.id, taskId);
  return await ownSummary(deps, task, user.id);
}

/**
 * Removes one of the caller's current hand-in files: the file stays stored (earlier versions
 * name it, the teacher may still read it) and a new version without it is recorded.
 */
export async function deleteMySubmissionFile(deps: AppDeps, user: UserRow, taskId: string, storedName: string) {
  const task = await assertCanDeposit(deps, user, taskId);
  const row = await findFile(deps, taskId, "submission", storedName);
  if (row.userId !== user.id || row.removedAt !== null) throw notFound(M.fileNotFound);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await assertOpen(tx, task, user.id);
    const removed = await tx
      .update(taskFiles)
      .set({ removedAt: at })
      .where(and(eq(taskFiles.storedName, storedName), isNull(taskFiles.removedAt)))
      .returning({ storedName: taskFiles.storedName });
    if (!removed.length) throw notFound(M.fileNotFound);
    await recordVersion(tx, taskId, user.id, at);
    await announceSubmission(tx, at, user.id, taskId);
  });
  return await ownSummary(deps, task, user.id);
}

/** Downloads a hand-in file (removed ones too): its owner, profs and admins only; others get 404 as if it did not exist. */
export async function downloadSubmissionFile(deps: AppDeps, user: UserRow, taskId: string, storedName: string): Promise<Response> {
  await loadVisibleTask(deps, user, taskId);
  const row = await findFile(deps, taskId, "submission", storedName);
  if (!seesEverything(user) && row.userId !== user.id) throw notFound(M.fileNotFound);
  return await download(deps, row);
}

export type StudentFile = TaskFileRow & { username: string; firstName: string; lastName: string };

/** Current hand-in files (or returned copies) of a task with their student's names, by student then time. */
export async function studentFiles(deps: AppDeps, taskId: string, kind: "submission" | "returned"): Promise<StudentFile[]> {
  return (
    await deps.db
      .select({ file: taskFiles, username: users.username, firstName: users.firstName, lastName: users.lastName })
      .from(taskFiles)
      .innerJoin(users, eq(users.id, taskFiles.userId))
      .where(and(eq(taskFiles.taskId, taskId), eq(taskFiles.kind, kind), isNull(taskFiles.removedAt)))
      .orderBy(asc(users.username), asc(taskFiles.createdAt), asc(insertionOrder(taskFiles)))
  ).map((r) => ({ ...r.file, username: r.username, firstName: r.firstName, lastName: r.lastName }));
}

/** Rows grouped by student, in the order they came. */
export function byStudent<R extends { userId: string | null }>(rows: R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) out.set(r.userId!, [...(out.get(r.userId!) ?? []), r]);
  return out;
}

/** Every student's current hand-in (profs, admins), grouped by student, late judged against each one's own deadline. */
export async function listSubmissions(deps: AppDeps, taskId: string): Promise<{ task: TaskRow; submissions: SubmissionDto[] }> {
  const { task } = await loadTask(deps.db, taskId);
  const [rows, overrides, versionTimes] = await Promise.all([
    studentFiles(deps, taskId, "submission"),
    overridesOnTask(deps.db, taskId),
    lastVersionAt(deps.db, taskId),
  ]);
  const submissions = [...byStudent(rows).entries()].map(([userId, files]) => {
    const terms = overrides.get(userId);
    return {
      _id: userId,
      id: userId,
      user: userId,
      userId,
      userName: files[0]!.username,
      ...summarise(files, ownDeadline(task, terms), terms?.exempt ?? false, versionTimes.get(userId)),
    };
  });
  return { task, submissions };
}
