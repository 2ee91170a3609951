// Corrected copies a teacher returns to one student (task_files kind "returned", user_id = the
// student). The student sees one once the copies are returned after it was added.
import { and, count, eq, inArray } from "drizzle-orm";
import { HAND_IN_MESSAGES as H, RETURNED_EXTENSIONS, RETURNED_FILES_MAX } from "@planify/common/constants/hand-ins";
import { TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import type { ReturnedFilesResponse } from "@planify/common/schemas/hand-ins";
import { isStaff } from "@planify/common/rules/task-permissions";
import type { AppDeps } from "../../deps";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { handInFeedback, taskFiles } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { checkUploads, fileDownload } from "../../lib/files";
import { storeUploads } from "../../lib/stored-uploads";
import { taskFileKey, taskFolderKey } from "../../lib/task-files";
import { journalHandIn } from "./journal";
import { announceHandIn } from "./live";
import { toFileDto } from "../tasks";
import { type TaskFileRow, writableStudent } from "./roster";

const returnedTo = (taskId: string, userId: string) =>
  and(eq(taskFiles.taskId, taskId), eq(taskFiles.kind, "returned"), eq(taskFiles.userId, userId));

async function returnedDtos(db: DbOrTx, taskId: string, userId: string) {
  const rows = await db.select().from(taskFiles).where(returnedTo(taskId, userId)).orderBy(taskFiles.createdAt, taskFiles.storedName);
  return rows.map((f) => toFileDto(f));
}

async function assertRoom(db: DbOrTx, taskId: string, userId: string, adding: number): Promise<void> {
  const already = (await first(db.select({ n: count() }).from(taskFiles).where(returnedTo(taskId, userId))))?.n ?? 0;
  if (already + adding > RETURNED_FILES_MAX) throw badRequest(H.returnedFilesMax);
}

/**
 * When a returned copy counts as added: now, and always after the copies were last returned,
 * read in the recording transaction. The student sees a copy added after the last return only
 * once the copies are returned again; reading the feedback row here also makes a publish that
 * runs at the same moment conflict with this write on PostgreSQL (serializable), so one of the
 * two is retried instead of a copy slipping out unpublished.
 */
async function addedAt(tx: DbOrTx, now: number, taskId: string, userId: string): Promise<number> {
  return Math.max(now, ((await publishedAtOf(tx, taskId, userId)) ?? 0) + 1);
}

/** When this student's copies were last returned (null: never). */
async function publishedAtOf(db: DbOrTx, taskId: string, userId: string): Promise<number | null> {
  const row = await first(
    db
      .select({ publishedAt: handInFeedback.publishedAt })
      .from(handInFeedback)
      .where(and(eq(handInFeedback.taskId, taskId), eq(handInFeedback.userId, userId))),
  );
  return row?.publishedAt ?? null;
}

/** POST …/students/{userId}/returned: corrected copies, checked by content; the student sees them once the copies are returned. */
export async function addReturned(
  deps: AppDeps,
  user: UserRow,
  taskId: string,
  userId: string,
  files: File[],
): Promise<ReturnedFilesResponse> {
  const { found, student } = await writableStudent(deps, taskId, userId);
  const checked = await checkUploads(files, RETURNED_EXTENSIONS, deps.settings.maxUploadBytes);
  await assertRoom(deps.db, taskId, userId, checked.length);
  await storeUploads(
    deps.storage,
    taskFolderKey("returned", taskId),
    checked,
    (staged) =>
      deps.db.transaction(async (tx) => {
        await assertRoom(tx, taskId, userId, staged.length);
        const at = await addedAt(tx, deps.now(), taskId, userId);
        await tx.insert(taskFiles).values(
          staged.map((s) => ({
            storedName: s.storedName,
            taskId,
            kind: "returned" as const,
            userId,
            originalName: s.originalName,
            ext: s.ext,
            size: s.size,
            createdAt: at,
          })),
        );
        await announceHandIn(tx, at, taskId, []);
        const names = staged.map((s) => s.originalName);
        await journalHandIn(
          tx,
          user,
          at,
          "hand-ins.returned",
          `${found.task.titre} : copie corrigée pour ${student.username}`,
          { taskId, added: names },
          student,
        );
      }),
    async (staged) => {
      await deps.db.delete(taskFiles).where(
        inArray(
          taskFiles.storedName,
          staged.map((s) => s.storedName),
        ),
      );
    },
  );
  return { success: true, message: H.returnedAdded, files: await returnedDtos(deps.db, taskId, userId) };
}

async function findReturned(db: DbOrTx, taskId: string, storedName: string): Promise<TaskFileRow> {
  const row = await first(
    db
      .select()
      .from(taskFiles)
      .where(and(eq(taskFiles.taskId, taskId), eq(taskFiles.kind, "returned"), eq(taskFiles.storedName, storedName))),
  );
  if (!row) throw notFound(M.fileNotFound);
  return row;
}

/** DELETE …/students/{userId}/returned/{filename}: the copy goes (for the student too, if it was returned). */
export async function deleteReturned(
  deps: AppDeps,
  user: UserRow,
  taskId: string,
  userId: string,
  storedName: string,
): Promise<ReturnedFilesResponse> {
  const { found, student } = await writableStudent(deps, taskId, userId);
  const row = await findReturned(deps.db, taskId, storedName);
  if (row.userId !== userId) throw notFound(M.fileNotFound);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(taskFiles).where(eq(taskFiles.storedName, storedName));
    await announceHandIn(tx, at, taskId, [userId]);
    await journalHandIn(
      tx,
      user,
      at,
      "hand-ins.returned",
      `${found.task.titre} : copie corrigée retirée pour ${student.username}`,
      { taskId, removed: row.originalName },
      student,
    );
  });
  await deps.storage.remove([taskFileKey(row)]);
  return { success: true, message: H.returnedDeleted, files: await returnedDtos(deps.db, taskId, userId) };
}

/**
 * Downloads a returned copy: staff always; its student once the copies were returned after it
 * was added; anyone else (or before that) gets 404 as if it did not exist.
 */
export async function downloadReturned(
  deps: AppDeps,
  user: UserRow,
  taskId: string,
  storedName: string,
  userId?: string,
): Promise<Response> {
  const row = await findReturned(deps.db, taskId, storedName);
  if (userId !== undefined && row.userId !== userId) throw notFound(M.fileNotFound);
  if (!isStaff(user.role)) {
    if (row.userId !== user.id) throw notFound(M.fileNotFound);
    const publishedAt = await publishedAtOf(deps.db, taskId, user.id);
    if (publishedAt === null || publishedAt < row.createdAt) throw notFound(M.fileNotFound);
  }
  const key = taskFileKey(row);
  const info = await deps.storage.stat(key);
  if (!info) throw notFound(M.fileNotFound);
  return fileDownload(deps.storage.body(key), info.size, row.originalName, row.ext);
}
