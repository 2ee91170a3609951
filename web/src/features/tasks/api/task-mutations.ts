import { useMutation, useQueryClient } from "@tanstack/react-query";
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

/** Every task list of the caller (all, "mine"): they share the ["events", userId] prefix. */
export const EVENTS_PREFIX = ["events"] as const;

/**
 * A task write. With `refetch`, the task lists are refetched once it has landed; without it
 * the caller owns the cache (optimistic patches, or one refetch after a batch of writes).
 */
function useEventsWrite<V, R>(write: (vars: V) => Promise<R>, refetch: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: refetch ? () => client.invalidateQueries({ queryKey: EVENTS_PREFIX }) : undefined,
  });
}

/** check / uncheck / archive / unarchive; the list is patched optimistically by the caller. */
export function useTaskStateMutation() {
  return useEventsWrite(({ id, action }: { id: string; action: StateAction }) => setState(id, action), false);
}

/** Hides a task for the caller; batches (clear late, unarchive and clear) refetch once at the end. */
export function useDeleteForMeMutation(refetch = true) {
  return useEventsWrite(deleteForMe, refetch);
}

export function useHardDeleteMutation() {
  return useEventsWrite(hardDelete, true);
}

/** The creator drops the unticked groups of a task. */
export function useSetGroupsMutation() {
  return useEventsWrite(({ id, groups }: { id: string; groups: string[] }) => setGroups(id, groups), true);
}

/** Edit by a prof or an admin (PUT) or by its delegate creator (update-self). */
export function useUpdateTaskMutation() {
  return useEventsWrite(({ id, input, asDelegate }: { id: string; input: Partial<TaskInput>; asDelegate: boolean }) => updateEvent(id, input, asDelegate), true);
}

export function useDeleteAttachmentMutation() {
  return useEventsWrite(({ id, filename }: { id: string; filename: string }) => deleteAttachment(id, filename), true);
}

/** The student's hand-in (with progress) and the removal of one of its files; both reload it. */
export function useSubmitFilesMutation(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: ProgressListener }) => submitFiles(taskId, files, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: mySubmissionKey(taskId) }),
  });
}

export function useDeleteSubmissionFileMutation(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filename: string) => deleteMySubmissionFile(taskId, filename),
    onSuccess: () => client.invalidateQueries({ queryKey: mySubmissionKey(taskId) }),
  });
}
