import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import { TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import { handInStatus } from "@planify/common/rules/hand-ins";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/errors";
import { taskFileKey } from "../../lib/task-files";
import { uniqueNames, zipSegment, type ZipEntry } from "../../lib/zip";
import { byStudent, studentFiles, type StudentFile } from "./hand-in-service";
import { lastVersionAt, overridesOnTask, ownDeadline } from "./hand-in-terms";
import { loadTask } from "./visibility";
import type { TaskRow } from "./model";

const LABEL = { rendu: H.zipOnTime, "en-retard": H.zipLate, "non-rendu": H.zipNotHandedIn, dispense: H.zipExempt } as const;

/** A student's folder: « Nom Prénom (en retard) », the late flag judged against their own deadline. */
function folderOf(
  task: TaskRow,
  files: StudentFile[],
  returned: StudentFile[],
  lastAt: number | undefined,
  terms: { deadlineAt: number | null; exempt: boolean } | undefined,
) {
  const who = files[0] ?? returned[0]!;
  const name = zipSegment(`${who.lastName} ${who.firstName}`.trim() || who.username, "etudiant");
  const status = handInStatus({
    exempt: terms?.exempt ?? false,
    lastAt: lastAt ?? null,
    fileCount: files.length,
    deadlineAt: ownDeadline(task, terms),
  });
  return `${name} (${LABEL[status]})`;
}

/**
 * The entries of the ZIP of a task's hand-ins (profs, admins): one folder per student holding
 * their current files, and the copies returned to them in a « corrigé » sub-folder. A 404 when
 * there is nothing to put in it.
 */
export async function submissionsZip(deps: AppDeps, taskId: string): Promise<{ task: TaskRow; entries: ZipEntry[] }> {
  const { task } = await loadTask(deps.db, taskId);
  const [handIns, returned, overrides, versions] = await Promise.all([
    studentFiles(deps, taskId, "submission"),
    studentFiles(deps, taskId, "returned"),
    overridesOnTask(deps.db, taskId),
    lastVersionAt(deps.db, taskId),
  ]);
  if (!handIns.length && !returned.length) throw notFound(M.noSubmissions);
  const filesBy = byStudent(handIns);
  const returnedBy = byStudent(returned);
  const students = [...new Set([...filesBy.keys(), ...returnedBy.keys()])];
  const folders = uniqueNames(
    students.map((id) => folderOf(task, filesBy.get(id) ?? [], returnedBy.get(id) ?? [], versions.get(id), overrides.get(id))),
  );
  const entries = students.flatMap((id, i) => {
    const place = (files: StudentFile[], folder: string) => {
      const names = uniqueNames(files.map((f) => zipSegment(f.originalName, `fichier.${f.ext}`)));
      return files.map((f, j) => ({ name: `${folder}/${names[j]}`, storage: deps.storage, key: taskFileKey(f), mtime: f.createdAt }));
    };
    return [...place(filesBy.get(id) ?? [], folders[i]!), ...place(returnedBy.get(id) ?? [], `${folders[i]}/${H.zipReturnedFolder}`)];
  });
  return { task, entries };
}
