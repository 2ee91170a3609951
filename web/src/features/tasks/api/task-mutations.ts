import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { requireSession } from "../../../lib/api";
import type { ProgressListener } from "../../../lib/transfer";
import {
  deleteAttachment,
  deleteForMe,
  deleteMySubmissionFile,
  hardDelete,
  setGroups,
  setState,
  submitFiles,
  updateEvent,
  type StateAction,
  type TaskInput,
} from "./events-api";
import { mySubmissionKey } from "../hooks/use-submissions";
import type { PersonalTaskBody } from "@planify/common/schemas/personal-tasks";
import { createPersonalTask, deletePersonalTask, updatePersonalTask } from "./personal-api";

/** Every task list of the caller (all, "mine"): they share the ["events", userId] prefix. */
export const EVENTS_PREFIX = ["events"] as const;

/**
 * A task write: it needs a session (without one it stops with 'Non connecté.' before any
 * call). Once it has landed, the queries under `refetch` are refetched; with null the caller
 * owns the cache (optimistic patches, or one refetch after a batch of writes).
 */
function useTaskWrite<V, R>(write: (vars: V) => Promise<R>, refetch: QueryKey | null = EVENTS_PREFIX) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => {
      requireSession();
      return write(vars);
    },
    onSuccess: refetch ? () => client.invalidateQueries({ queryKey: refetch }) : undefined,
  });
}

/** check / uncheck / archive / unarchive; the list is patched optimistically by the caller. */
export function useTaskStateMutation() {
  return useTaskWrite(({ id, action }: { id: string; action: StateAction }) => setState(id, action), null);
}

/** Hides a task for the caller; batches (clear late, unarchive and clear) refetch once at the end. */
export function useDeleteForMeMutation(refetch = true) {
  return useTaskWrite(deleteForMe, refetch ? EVENTS_PREFIX : null);
}

export function useHardDeleteMutation() {
  return useTaskWrite(hardDelete);
}

/** The creator drops the unticked groups of a task. */
export function useSetGroupsMutation() {
  return useTaskWrite(({ id, groups }: { id: string; groups: string[] }) => setGroups(id, groups));
}

/** Edit by a prof or an admin (PUT) or by its delegate creator (update-self). */
export function useUpdateTaskMutation() {
  return useTaskWrite(({ id, input, asDelegate }: { id: string; input: Partial<TaskInput>; asDelegate: boolean }) =>
    updateEvent(id, input, asDelegate),
  );
}

export function useDeleteAttachmentMutation() {
  return useTaskWrite(({ id, filename }: { id: string; filename: string }) => deleteAttachment(id, filename));
}

/** The student's hand-in (with progress) and the removal of one of its files; both reload it. */
export function useSubmitFilesMutation(taskId: string) {
  return useTaskWrite(
    ({ files, onProgress }: { files: File[]; onProgress?: ProgressListener }) => submitFiles(taskId, files, onProgress),
    mySubmissionKey(taskId),
  );
}

export function useDeleteSubmissionFileMutation(taskId: string) {
  return useTaskWrite((filename: string) => deleteMySubmissionFile(taskId, filename), mySubmissionKey(taskId));
}

/** Adds (no id) or edits (id) a personal task; the lists and the timetable then reload. */
export function useSavePersonalMutation() {
  return useTaskWrite(({ id, input }: { id: string | null; input: PersonalTaskBody }) =>
    id ? updatePersonalTask(id, input) : createPersonalTask(input),
  );
}

export function useDeletePersonalMutation() {
  return useTaskWrite(deletePersonalTask);
}
