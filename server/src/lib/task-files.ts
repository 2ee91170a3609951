import { join } from "node:path";
import type { AppDeps } from "../deps";

/** A task file's kind: the teacher's attachment, a student's hand-in, or a copy a teacher returned to a student. */
export type TaskFileKind = "attachment" | "submission" | "returned";

/** The folder of each kind under the uploads root. */
export const TASK_FILE_FOLDER: Record<TaskFileKind, string> = {
  attachment: "attachments",
  submission: "submissions",
  returned: "returned",
};

/** The storage folder of a task's files of one kind: "{attachments|submissions|returned}/<taskId>". */
export const taskFolderKey = (kind: TaskFileKind, taskId: string) => `${TASK_FILE_FOLDER[kind]}/${taskId}`;

/**
 * Where a stored task file lives in storage (lib/storage): {attachments|submissions|returned}/<taskId>/<storedName>.
 * One rule for the tasks feature, the erasure, the retention and the personal-data export.
 */
export const taskFileKey = (f: { kind: TaskFileKind; taskId: string; storedName: string }) =>
  `${taskFolderKey(f.kind, f.taskId)}/${f.storedName}`;

/** The same file as a path under uploadsDir (the start-up sweep's and the backups' lists). */
export function storedPath(deps: Pick<AppDeps, "uploadsDir">, f: { kind: TaskFileKind; taskId: string; storedName: string }): string {
  return join(deps.uploadsDir, ...taskFileKey(f).split("/"));
}

/** Deletes a task's attachments, hand-ins and returned copies (a hard-deleted or purged task). */
export async function removeTaskFolders(deps: Pick<AppDeps, "storage">, taskId: string): Promise<void> {
  await Promise.all([
    deps.storage.removeAll(taskFolderKey("attachment", taskId)),
    deps.storage.removeAll(taskFolderKey("submission", taskId)),
    deps.storage.removeAll(taskFolderKey("returned", taskId)),
  ]);
}
