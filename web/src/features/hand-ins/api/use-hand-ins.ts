import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HandInRowDto, HandInTableResponse } from "@planify/common/schemas/hand-ins";
import { useLiveEvent } from "../../../lib/live/live-bus";
import {
  deleteReturned,
  fetchHandInDetail,
  fetchHandInTable,
  fetchToMark,
  nudgeLate,
  publishCopies,
  reopenHandIn,
  saveFeedback,
  saveMarkScale,
  saveOverride,
  uploadReturned,
} from "./hand-ins-api";
import type { FeedbackBody, HandInOverrideBody } from "@planify/common/schemas/hand-ins";
import type { ProgressListener } from "../../../lib/transfer";

export const handInsKey = (taskId: string) => ["hand-ins", taskId] as const;
const TO_MARK_KEY = ["hand-ins", "to-mark"] as const;
export const handInKey = (taskId: string, userId: string) => ["hand-ins", taskId, "student", userId] as const;

/**
 * The hand-in table of a task. A hand-in received or a task changed (live events « submissions »
 * and « tasks ») reloads it and any open student's panel.
 */
export function useHandInTable(taskId: string, enabled: boolean) {
  const client = useQueryClient();
  useLiveEvent(["submissions", "tasks"], ({ data }) => {
    if (!data.taskId || data.taskId === taskId) void client.invalidateQueries({ queryKey: handInsKey(taskId) });
  });
  return useQuery({ queryKey: handInsKey(taskId), enabled, queryFn: () => fetchHandInTable(taskId) });
}

/** One student's hand-in: versions, feedback draft and published, returned copies. */
export function useHandInDetail(taskId: string, userId: string | null) {
  return useQuery({
    queryKey: handInKey(taskId, userId ?? ""),
    enabled: userId !== null,
    queryFn: () => fetchHandInDetail(taskId, userId ?? ""),
    // « Suivant » keeps the last student on screen until the next one arrives: nothing jumps.
    placeholderData: keepPreviousData,
  });
}

/** Puts a student's new row into the cached table at once, then reloads the table and the panel. */
function useRowUpdate(taskId: string) {
  const client = useQueryClient();
  return (row?: HandInRowDto) => {
    if (row) {
      client.setQueryData<HandInTableResponse>(
        handInsKey(taskId),
        (table) => table && { ...table, rows: table.rows.map((r) => (r.userId === row.userId ? row : r)) },
      );
    }
    return client.invalidateQueries({ queryKey: handInsKey(taskId) });
  };
}

/** Every write of a student's panel; each one refreshes the table and the panel. */
export function useStudentMutations(taskId: string, userId: string) {
  const done = useRowUpdate(taskId);
  const after = (res: { row?: HandInRowDto }) => done(res.row);
  return {
    override: useMutation({ mutationFn: (body: HandInOverrideBody) => saveOverride(taskId, userId, body), onSuccess: after }),
    reopen: useMutation({ mutationFn: () => reopenHandIn(taskId, userId), onSuccess: after }),
    feedback: useMutation({ mutationFn: (body: FeedbackBody) => saveFeedback(taskId, userId, body), onSuccess: after }),
    addReturned: useMutation({
      mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: ProgressListener }) =>
        uploadReturned(taskId, userId, files, onProgress),
      onSuccess: () => done(),
    }),
    deleteReturned: useMutation({ mutationFn: (filename: string) => deleteReturned(taskId, userId, filename), onSuccess: () => done() }),
  };
}

/** The task-wide actions: the scale, « Rendre les copies », « Relancer les retardataires ». */
export function useTaskMutations(taskId: string) {
  const done = useRowUpdate(taskId);
  return {
    scale: useMutation({ mutationFn: (markScale: number) => saveMarkScale(taskId, markScale), onSuccess: () => done() }),
    publish: useMutation({ mutationFn: () => publishCopies(taskId), onSuccess: () => done() }),
    nudge: useMutation({ mutationFn: () => nudgeLate(taskId), onSuccess: () => done() }),
  };
}

/** The teacher's « À corriger »; a hand-in received or a task changed reloads it. */
export function useToMark() {
  const client = useQueryClient();
  useLiveEvent(["submissions", "tasks"], () => void client.invalidateQueries({ queryKey: TO_MARK_KEY }));
  return useQuery({ queryKey: TO_MARK_KEY, queryFn: fetchToMark });
}
