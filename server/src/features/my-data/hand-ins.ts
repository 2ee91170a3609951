import { and, asc, eq, isNotNull, lte, or } from "drizzle-orm";
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import type { AppDeps } from "../../deps";
import { handInFeedback, handInVersions, taskFiles, tasks } from "../../db/schema";
import { taskFileKey } from "../../lib/task-files";
import { htmlText } from "../../lib/sanitize";
import { uniqueNames, zipSegment } from "../../lib/zip";
import type { JsonField } from "./json-pieces";

// The student's hand-ins in their export: every file they deposited (removed ones too, with
// the time they removed them), every version, what the teacher returned to them once
// published (comment, mark, corrected copies), never a draft.

type FileRow = typeof taskFiles.$inferSelect;
export interface PlacedFile {
  file: FileRow;
  /** Its path inside the archive. */
  path: string;
  key: string;
}

/**
 * The student's deposited files and the corrected copies returned to them (published ones:
 * created by the last return), with their task's date and title, oldest first.
 */
async function ownFiles(deps: AppDeps, userId: string) {
  return await deps.db
    .select({ file: taskFiles, titre: tasks.titre, date: tasks.date })
    .from(taskFiles)
    .innerJoin(tasks, eq(tasks.id, taskFiles.taskId))
    .leftJoin(handInFeedback, and(eq(handInFeedback.taskId, taskFiles.taskId), eq(handInFeedback.userId, userId)))
    .where(
      and(
        eq(taskFiles.userId, userId),
        or(
          eq(taskFiles.kind, "submission"),
          and(eq(taskFiles.kind, "returned"), isNotNull(handInFeedback.publishedAt), lte(taskFiles.createdAt, handInFeedback.publishedAt)),
        ),
      ),
    )
    .orderBy(asc(taskFiles.createdAt));
}

/** Where each file goes: « rendus/<date titre>/<name> », returned copies in its « corrigé » sub-folder; names unique per folder. */
export async function placedHandInFiles(deps: AppDeps, userId: string): Promise<PlacedFile[]> {
  const files = await ownFiles(deps, userId);
  // One folder per task (two tasks of the same day and title get « (2) »).
  const taskIds = [...new Set(files.map((f) => f.file.taskId))];
  const titled = new Map(files.map((f) => [f.file.taskId, `${f.date} ${f.titre}`]));
  const taskFolder = new Map(uniqueNames(taskIds.map((id) => zipSegment(titled.get(id)!, "tache"))).map((name, i) => [taskIds[i]!, name]));
  const folders = files.map((f) => `rendus/${taskFolder.get(f.file.taskId)}${f.file.kind === "returned" ? `/${H.zipReturnedFolder}` : ""}`);
  const names = new Map<string, string[]>();
  for (const [i, f] of files.entries()) {
    names.set(folders[i]!, [...(names.get(folders[i]!) ?? []), zipSegment(f.file.originalName, `fichier.${f.file.ext}`)]);
  }
  const unique = new Map([...names].map(([folder, list]) => [folder, uniqueNames(list)]));
  return files.map((f, i) => ({ file: f.file, path: `${folders[i]}/${unique.get(folders[i]!)!.shift()!}`, key: taskFileKey(f.file) }));
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The fields of rendus.json. */
export function handInDocument(deps: AppDeps, userId: string, placed: PlacedFile[]): Record<string, JsonField> {
  const describe = ({ file, path }: PlacedFile) => ({
    taskId: file.taskId,
    originalName: file.originalName,
    size: file.size,
    createdAt: new Date(file.createdAt).toISOString(),
    ...(file.kind === "submission" ? { removedAt: iso(file.removedAt) } : {}),
    fichier: path,
  });
  return {
    submissions: placed.filter((f) => f.file.kind === "submission").map(describe),
    versions: {
      rows: async () =>
        (
          await deps.db
            .select({
              taskId: handInVersions.taskId,
              titre: tasks.titre,
              version: handInVersions.version,
              at: handInVersions.at,
              files: handInVersions.files,
            })
            .from(handInVersions)
            .innerJoin(tasks, eq(tasks.id, handInVersions.taskId))
            .where(eq(handInVersions.userId, userId))
            .orderBy(asc(handInVersions.at), asc(handInVersions.version))
        ).map((v) => ({ ...v, at: new Date(v.at).toISOString(), files: JSON.parse(v.files) as string[] })),
    },
    feedback: {
      rows: async () =>
        (
          await deps.db
            .select({
              taskId: handInFeedback.taskId,
              titre: tasks.titre,
              comment: handInFeedback.publishedComment,
              mark: handInFeedback.publishedMark,
              markScale: tasks.markScale,
              publishedAt: handInFeedback.publishedAt,
            })
            .from(handInFeedback)
            .innerJoin(tasks, eq(tasks.id, handInFeedback.taskId))
            .where(and(eq(handInFeedback.userId, userId), isNotNull(handInFeedback.publishedAt)))
            .orderBy(asc(handInFeedback.publishedAt))
        ).map((f) => ({
          taskId: f.taskId,
          titre: f.titre,
          commentHtml: f.comment ?? "",
          commentText: htmlText(f.comment ?? ""),
          mark: f.mark,
          markScale: f.markScale,
          publishedAt: iso(f.publishedAt),
        })),
    },
    returned: placed.filter((f) => f.file.kind === "returned").map(describe),
  };
}
