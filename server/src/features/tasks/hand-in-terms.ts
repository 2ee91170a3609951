import { and, asc, desc, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import { HAND_IN_MESSAGES as H, HAND_IN_VERSIONS_MAX } from "@planify/common/constants/hand-ins";
import { depositOpen, effectiveDeadline, lateBy, type HandInOverride } from "@planify/common/rules/hand-ins";
import type { HandInVersionDto } from "@planify/common/schemas/hand-ins";
import { handInFeedback, handInOverrides, handInVersions, taskFiles } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { insertionOrder } from "../../db/dialect";
import { AppError } from "../../lib/errors";
import { toFileDto, type TaskFileRow, type TaskRow } from "./model";

// A student's own terms on one task's hand-in (a teacher's extension, exemption, reopening, the
// returned copy) and the versions of their hand-in: the one place the tasks feature reads them.

/** What one student's terms change on a task: their deadline, exemption, and whether the copy was returned. */
export interface OwnTerms {
  /** The student's own deadline when a teacher set one. */
  deadlineAt: number | null;
  exempt: boolean;
  reopenedAt: number | null;
  /** When copies were last returned to this student (null: never). */
  publishedAt: number | null;
}

export const NO_TERMS: OwnTerms = { deadlineAt: null, exempt: false, reopenedAt: null, publishedAt: null };

/** One student's terms on one task (two primary-key reads). */
export async function termsOf(db: DbOrTx, taskId: string, userId: string): Promise<OwnTerms> {
  const [override, feedback] = await Promise.all([
    first(
      db
        .select()
        .from(handInOverrides)
        .where(and(eq(handInOverrides.taskId, taskId), eq(handInOverrides.userId, userId))),
    ),
    first(
      db
        .select({ publishedAt: handInFeedback.publishedAt })
        .from(handInFeedback)
        .where(and(eq(handInFeedback.taskId, taskId), eq(handInFeedback.userId, userId))),
    ),
  ]);
  return {
    deadlineAt: override?.deadlineAt ?? null,
    exempt: override?.exempt ?? false,
    reopenedAt: override?.reopenedAt ?? null,
    publishedAt: feedback?.publishedAt ?? null,
  };
}

/**
 * Every task on which this user has terms, by task id: their overrides and the tasks whose copy
 * was returned to them; one read along the two user_id indexes (a UNION ALL), whatever the
 * list's length (most students have none, and staff never read it). On every student's list.
 */
export async function termsByTask(db: DbOrTx, userId: string): Promise<Map<string, OwnTerms>> {
  const rows = await db
    .select({
      taskId: handInOverrides.taskId,
      deadlineAt: handInOverrides.deadlineAt,
      exempt: handInOverrides.exempt,
      reopenedAt: handInOverrides.reopenedAt,
      publishedAt: sql<number | string | null>`null`,
    })
    .from(handInOverrides)
    .where(eq(handInOverrides.userId, userId))
    .unionAll(
      db
        .select({
          taskId: handInFeedback.taskId,
          deadlineAt: sql<number | null>`null`,
          exempt: sql<boolean>`null`,
          reopenedAt: sql<number | null>`null`,
          publishedAt: handInFeedback.publishedAt,
        })
        .from(handInFeedback)
        .where(and(eq(handInFeedback.userId, userId), isNotNull(handInFeedback.publishedAt))),
    );
  const out = new Map<string, OwnTerms>();
  for (const r of rows) {
    const had = out.get(r.taskId) ?? NO_TERMS;
    // The second branch's row carries only the return time (its other columns are null).
    out.set(
      r.taskId,
      r.publishedAt === null
        ? {
            ...had,
            deadlineAt: r.deadlineAt === null ? null : Number(r.deadlineAt),
            exempt: Boolean(r.exempt),
            reopenedAt: r.reopenedAt === null ? null : Number(r.reopenedAt),
          }
        : { ...had, publishedAt: Number(r.publishedAt) },
    );
  }
  return out;
}

/** Overrides of several students on one task, by user id (the staff list of hand-ins, the ZIP). */
export async function overridesOnTask(db: DbOrTx, taskId: string): Promise<Map<string, Pick<HandInOverride, "deadlineAt" | "exempt">>> {
  const rows = await db.select().from(handInOverrides).where(eq(handInOverrides.taskId, taskId));
  return new Map(rows.map((r) => [r.userId, { deadlineAt: r.deadlineAt, exempt: r.exempt }]));
}

/**
 * The time of each student's current version on one task, by user id (versions only grow, so
 * the latest time); with `userId`, that one student's only.
 */
export async function lastVersionAt(db: DbOrTx, taskId: string, userId?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: handInVersions.userId, at: max(handInVersions.at) })
    .from(handInVersions)
    .where(and(eq(handInVersions.taskId, taskId), userId === undefined ? undefined : eq(handInVersions.userId, userId)))
    .groupBy(handInVersions.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.at)]));
}

/** The deadline that counts for this student. */
export const ownDeadline = (task: Pick<TaskRow, "deadlineAt">, terms: Pick<OwnTerms, "deadlineAt"> | undefined) =>
  effectiveDeadline(task.deadlineAt, terms);

/** May this student deposit or remove files now (rules/hand-ins depositOpen)? */
export const isOpen = (task: Pick<TaskRow, "submissionEnabled">, terms: OwnTerms) =>
  depositOpen({ boxOpen: task.submissionEnabled, publishedAt: terms.publishedAt, reopenedAt: terms.reopenedAt });

/** The files of a student's current hand-in (deposited and not removed), oldest first. */
export async function currentFiles(db: DbOrTx, taskId: string, userId: string): Promise<TaskFileRow[]> {
  return await db
    .select()
    .from(taskFiles)
    .where(and(eq(taskFiles.taskId, taskId), eq(taskFiles.kind, "submission"), eq(taskFiles.userId, userId), isNull(taskFiles.removedAt)))
    .orderBy(asc(taskFiles.createdAt), asc(insertionOrder(taskFiles)));
}

/**
 * Records a new version of the student's hand-in, holding their current files, in the
 * deposit's or removal's transaction. Refused past HAND_IN_VERSIONS_MAX versions.
 */
export async function recordVersion(tx: DbOrTx, taskId: string, userId: string, at: number): Promise<number> {
  const last = await first(
    tx
      .select({ version: handInVersions.version })
      .from(handInVersions)
      .where(and(eq(handInVersions.taskId, taskId), eq(handInVersions.userId, userId)))
      .orderBy(desc(handInVersions.version))
      .limit(1),
  );
  const version = (last?.version ?? 0) + 1;
  if (version > HAND_IN_VERSIONS_MAX) throw new AppError("CONFLICT", H.versionsMax);
  const files = (await currentFiles(tx, taskId, userId)).map((f) => f.storedName);
  await tx.insert(handInVersions).values({ taskId, userId, version, at, files: JSON.stringify(files) });
  return version;
}

/** Every version of a student's hand-in, newest first, each judged late against `deadlineAt`. */
export async function versionsOf(db: DbOrTx, task: TaskRow, userId: string, deadlineAt: number): Promise<HandInVersionDto[]> {
  const versions = await db
    .select()
    .from(handInVersions)
    .where(and(eq(handInVersions.taskId, task.id), eq(handInVersions.userId, userId)))
    .orderBy(desc(handInVersions.version));
  const names = [...new Set(versions.flatMap((v) => JSON.parse(v.files) as string[]))];
  const rows = names.length
    ? await db
        .select()
        .from(taskFiles)
        .where(and(eq(taskFiles.taskId, task.id), eq(taskFiles.kind, "submission"), inArray(taskFiles.storedName, names)))
    : [];
  const byName = new Map(rows.map((r) => [r.storedName, r]));
  return versions.map((v) => {
    const late = lateBy(v.at, deadlineAt);
    const files = (JSON.parse(v.files) as string[]).flatMap((n) => {
      const row = byName.get(n);
      return row ? [toFileDto(row, deadlineAt)] : [];
    });
    return { version: v.version, at: new Date(v.at).toISOString(), late: late > 0, lateByMs: late, files };
  });
}

/** Which of these tasks the student has a current hand-in on (by the task_files lookup index). */
export async function handedInTasks(db: DbOrTx, userId: string, taskIds: string[]): Promise<Set<string>> {
  if (!taskIds.length) return new Set();
  const rows = await db
    .selectDistinct({ taskId: taskFiles.taskId })
    .from(taskFiles)
    .where(
      and(inArray(taskFiles.taskId, taskIds), eq(taskFiles.kind, "submission"), eq(taskFiles.userId, userId), isNull(taskFiles.removedAt)),
    );
  return new Set(rows.map((r) => r.taskId));
}
