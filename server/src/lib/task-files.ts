import { join } from "node:path";
import type { AppDeps } from "../deps";

/** A task file's kind: the teacher's attachment or a student's hand-in. */
export type TaskFileKind = "attachment" | "submission";

/** The folder of each kind under uploadsDir. */
export const TASK_FILE_FOLDER: Record<TaskFileKind, string> = { attachment: "attachments", submission: "submissions" };

/**
 * Where a stored task file lives: uploadsDir/{attachments|submissions}/<taskId>/<storedName>.
 * One rule for the tasks feature, the erasure, the retention and the personal-data export.
 */
export function storedPath(deps: Pick<AppDeps, "uploadsDir">, f: { kind: TaskFileKind; taskId: string; storedName: string }): string {
  return join(deps.uploadsDir, TASK_FILE_FOLDER[f.kind], f.taskId, f.storedName);
}
