import { taskFiles, tasks, taskStates } from "../../db/schema";
import type { Tx } from "../../db/types";
import type { ClassTaskFields } from "./service";
import { writeGroups } from "./service";
import { countTaskCompletion } from "./completion";
import { announceTask } from "./live";

/** A file a proposal already stored under attachments/<task id>/ (its validation makes the task of that id). */
export interface ProposedFile {
  storedName: string;
  originalName: string;
  ext: string;
  size: number;
  createdAt: number;
  userId: string | null;
}

/** A classmate's own state of the proposal, carried over to the task. */
export interface ProposedState {
  userId: string;
  checked: boolean;
  archived: boolean;
}

/** A validated proposal, as the class task it becomes. */
export interface ProposedTask extends ClassTaskFields {
  id: string;
  year: string;
  submissionEnabled: boolean;
  /** The proposal's author: the task is credited to them. */
  createdBy: string;
  files: ProposedFile[];
  states: ProposedState[];
}

/**
 * Inserts the class task a validated proposal makes, in the reviewer's transaction: its groups,
 * its attachments (the same stored files, now rows of the task), and the checks and archives of
 * the classmates who had taken it into their list. A carried-over check counts toward the
 * completion milestones as a check made now would (not an exam, not past its deadline, not the
 * author's own); the task lists hear of it.
 */
export async function insertProposedTask(tx: Tx, now: number, task: ProposedTask): Promise<void> {
  const at = new Date(now).toISOString();
  const { groupes, files, states, ...fields } = task;
  await tx.insert(tasks).values({ ...fields, durationMinutes: null, createdAt: at, updatedAt: at });
  await writeGroups(tx, task.id, groupes);
  if (files.length) await tx.insert(taskFiles).values(files.map((f) => ({ ...f, taskId: task.id, kind: "attachment" as const })));
  for (const s of states.filter((s) => s.checked || s.archived)) {
    const counted = s.checked && task.type !== "exam" && now <= task.deadlineAt && s.userId !== task.createdBy;
    await tx
      .insert(taskStates)
      .values({ taskId: task.id, userId: s.userId, checked: s.checked, archived: s.archived, counted, updatedAt: now });
    if (counted) await countTaskCompletion(tx, s.userId, 1, now);
  }
  await announceTask(tx, now, task, groupes);
}
