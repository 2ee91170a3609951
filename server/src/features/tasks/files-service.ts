import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { ATTACHMENT_EXTENSIONS, SUBMISSION_EXTENSIONS, TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import { taskPermissions } from "@planify/common/rules/task-permissions";
import type { AppDeps } from "../../deps";
import { handInVersions, taskFiles } from "../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import { sweepMessage, sweepStorage, type SweepResult } from "../../lib/orphan-sweep";
import { storedPath, taskFileKey, taskFolderKey, type TaskFileKind } from "../../lib/task-files";
import { checkUploads, fileDownload } from "../../lib/files";
import { storeUploads } from "../../lib/stored-uploads";
import type { UserRow, DbOrTx, Tx } from "../../db/types";
import { first } from "../../db/engine";
import { insertionOrder } from "../../db/dialect";
import { toFileDto, type TaskFileRow, type TaskRow } from "./model";
import { loadVisibleTask, loadWritableTask } from "./visibility";
import { SUBMISSION_FILES_MAX, submissionFilesMaxMessage } from "@planify/common/constants/storage";
import { AppError } from "../../lib/errors";
import { assertWithinQuota, profileMediaBytes, quotaOf, taskFilesBytes } from "../storage";
import { announceTask } from "./live";

type Kind = TaskFileKind;
export { storedPath };

/**
 * Every attachment, hand-in (removed ones too: earlier versions name them) and returned copy a
 * row points to, keyed by stored name (the start-up sweep, backups).
 */
export async function referencedTaskFiles(deps: Pick<AppDeps, "db" | "uploadsDir">): Promise<Map<string, string>> {
  const rows = await deps.db.select({ storedName: taskFiles.storedName, kind: taskFiles.kind, taskId: taskFiles.taskId }).from(taskFiles);
  return new Map(rows.map((r) => [r.storedName, storedPath(deps, r)] as const));
}

/**
 * Checks, writes and records uploaded files; on any failure nothing is left in storage. On
 * disk files are staged first and moved into place only after the rows are committed, so a
 * crash leaves staged files the start-up sweep deals with, never a stray file in a task
 * folder; on S3 an object is written whole under its key at once (lib/storage/s3), and one
 * whose row never committed is an orphan the sweep removes. `inTransaction` runs in the
 * transaction that records the rows (a hand-in's new version).
 */
export async function saveFiles(
  deps: AppDeps,
  task: TaskRow,
  kind: Kind,
  user: UserRow,
  files: File[],
  inTransaction?: (tx: Tx, at: number) => Promise<void>,
): Promise<TaskFileRow[]> {
  const userId = user.id;
  const allowed = kind === "attachment" ? ATTACHMENT_EXTENSIONS : SUBMISSION_EXTENSIONS;
  const checked = await checkUploads(files, allowed, deps.settings.maxUploadBytes);
  // The account's limits are judged before anything is written, then again in the transaction
  // that records the rows (two deposits at once cannot both slip under a limit).
  const quota = quotaOf(deps, user);
  const mediaBytes = quota === null ? 0 : await profileMediaBytes(deps, userId);
  const incoming = checked.reduce((sum, f) => sum + f.size, 0);
  const assertLimits = async (db: DbOrTx) => {
    if (kind === "submission") await assertSubmissionRoom(db, task.id, userId, checked.length);
    if (quota !== null) assertWithinQuota(quota, (await taskFilesBytes(db, userId)) + mediaBytes, incoming);
  };
  await assertLimits(deps.db);
  const at = deps.now();
  return await storeUploads(
    deps.storage,
    taskFolderKey(kind, task.id),
    checked,
    (staged) =>
      deps.db.transaction(async (tx) => {
        await assertLimits(tx);
        const rows = staged.map((s) => ({
          storedName: s.storedName,
          taskId: task.id,
          kind,
          userId,
          originalName: s.originalName,
          ext: s.ext,
          size: s.size,
          createdAt: at,
        }));
        const inserted = await tx.insert(taskFiles).values(rows).returning();
        if (inTransaction) await inTransaction(tx, at);
        return inserted;
      }),
    // The rows go again, and the hand-in's version naming them.
    (staged) =>
      deps.db.transaction(async (tx) => {
        await tx.delete(taskFiles).where(
          inArray(
            taskFiles.storedName,
            staged.map((s) => s.storedName),
          ),
        );
        if (kind === "submission") {
          await tx
            .delete(handInVersions)
            .where(and(eq(handInVersions.taskId, task.id), eq(handInVersions.userId, userId), eq(handInVersions.at, at)));
        }
      }),
  );
}

/** Refuses a deposit that would bring the student's current hand-in past SUBMISSION_FILES_MAX files in all (removed ones do not count). */
async function assertSubmissionRoom(db: DbOrTx, taskId: string, userId: string, adding: number): Promise<void> {
  const row = await first(
    db
      .select({ n: count() })
      .from(taskFiles)
      .where(
        and(eq(taskFiles.taskId, taskId), eq(taskFiles.kind, "submission"), eq(taskFiles.userId, userId), isNull(taskFiles.removedAt)),
      ),
  );
  const already = row?.n ?? 0;
  if (already + adding > SUBMISSION_FILES_MAX) throw new AppError("SUBMISSION_FILES_MAX", submissionFilesMaxMessage(already));
}

/**
 * Start-up clean-up of storage (before the server listens): files no row points to and
 * staged files left by a crash go, and the count is logged (lib/orphan-sweep, disk or S3). `alsoKept` names the
 * other features' files (profile avatars and music), by a unique key, so they stay.
 */
export async function sweepUploadsAtStart(
  deps: AppDeps,
  alsoKept: Map<string, string> = new Map(),
  options: { now?: number } = {},
): Promise<SweepResult> {
  const kept = new Map([...alsoKept, ...(await referencedTaskFiles(deps))]);
  const result = await sweepStorage(deps.storage, deps.uploadsDir, kept, options);
  const line = sweepMessage(result);
  if (line) deps.log("info", line, { ...result });
  return result;
}

async function filesOf(deps: AppDeps, taskId: string, kind: Kind, userId?: string): Promise<TaskFileRow[]> {
  const where = [eq(taskFiles.taskId, taskId), eq(taskFiles.kind, kind)];
  if (userId) where.push(eq(taskFiles.userId, userId));
  return await deps.db
    .select()
    .from(taskFiles)
    .where(and(...where))
    .orderBy(asc(taskFiles.createdAt), asc(insertionOrder(taskFiles)));
}

const attachmentDtos = async (deps: AppDeps, taskId: string) => (await filesOf(deps, taskId, "attachment")).map((f) => toFileDto(f));

/** Who may add or remove a task's attachments: profs, admins and the task's creator. */
function assertCanEditFiles(user: UserRow, task: TaskRow) {
  if (!taskPermissions(user, task).editFiles) throw forbidden(M.notCreator);
}

/** Attachments of a task the caller may see. */
export async function listAttachments(deps: AppDeps, user: UserRow, taskId: string) {
  await loadVisibleTask(deps, user, taskId);
  return await attachmentDtos(deps, taskId);
}

/** Adds attachments (profs, admins, the creator). */
export async function addAttachments(deps: AppDeps, user: UserRow, taskId: string, files: File[]) {
  const { task, groupes } = await loadWritableTask(deps.db, taskId);
  assertCanEditFiles(user, task);
  const added = await saveFiles(deps, task, "attachment", user, files);
  await announceTask(deps.db, deps.now(), task, groupes);
  return { added: added.map((f) => toFileDto(f)), attachments: await attachmentDtos(deps, taskId) };
}

export async function findFile(deps: AppDeps, taskId: string, kind: Kind, storedName: string): Promise<TaskFileRow> {
  const row = await first(
    deps.db
      .select()
      .from(taskFiles)
      .where(and(eq(taskFiles.taskId, taskId), eq(taskFiles.kind, kind), eq(taskFiles.storedName, storedName))),
  );
  if (!row) throw notFound(M.fileNotFound);
  return row;
}

async function deleteStored(deps: AppDeps, row: TaskFileRow) {
  await deps.db.transaction(async (tx) => {
    await tx.delete(taskFiles).where(eq(taskFiles.storedName, row.storedName));
  });
  await deps.storage.remove([taskFileKey(row)]);
}

/** Removes one attachment (profs, admins, the creator). */
export async function deleteAttachment(deps: AppDeps, user: UserRow, taskId: string, storedName: string) {
  const { task, groupes } = await loadWritableTask(deps.db, taskId);
  assertCanEditFiles(user, task);
  await deleteStored(deps, await findFile(deps, taskId, "attachment", storedName));
  await announceTask(deps.db, deps.now(), task, groupes);
  return await attachmentDtos(deps, taskId);
}

export async function download(deps: AppDeps, row: TaskFileRow): Promise<Response> {
  const key = taskFileKey(row);
  const info = await deps.storage.stat(key);
  if (!info) throw notFound(M.fileNotFound);
  return fileDownload(deps.storage.body(key), info.size, row.originalName, row.ext);
}

/** Downloads an attachment of a task the caller may see. */
export async function downloadAttachment(deps: AppDeps, user: UserRow, taskId: string, storedName: string): Promise<Response> {
  await loadVisibleTask(deps, user, taskId);
  return await download(deps, await findFile(deps, taskId, "attachment", storedName));
}

/** The same by its stored name alone (unique): the original client's /uploads/events/{name}. */
export async function downloadNamedAttachment(deps: AppDeps, user: UserRow, storedName: string): Promise<Response> {
  const row = await first(
    deps.db
      .select({ taskId: taskFiles.taskId })
      .from(taskFiles)
      .where(and(eq(taskFiles.storedName, storedName), eq(taskFiles.kind, "attachment"))),
  );
  if (!row) throw notFound(M.fileNotFound);
  return await downloadAttachment(deps, user, row.taskId, storedName);
}
