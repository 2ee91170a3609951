import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText, requireSession } from "../../../lib/api";
import type { ProgressListener, TransferProgress } from "../../../lib/transfer";
import { uploadAttachments, type TaskInput } from "../api/events-api";
import { EVENTS_PREFIX } from "../api/task-mutations";
import { useFeedback } from "../components/feedback";
import type { Viewer } from "../model/roles";
import { toInput, validateTask, type TaskFormValues } from "../model/task-validation";

interface Options {
  viewer: Viewer;
  mode: "add" | "edit";
  /** Sends the task; resolves to its id, to which the picked files are then attached. */
  save(input: TaskInput): Promise<string>;
  /** Text of the error popup when the server gives no message. */
  failure: string;
  success?: string;
  onClose(): void;
  /** Where the picked files go (default: the task's attachments); a proposal has its own route. */
  upload?(id: string, files: File[], onProgress: ProgressListener): Promise<unknown>;
  /** Another list to refetch once settled (a proposal's lists). */
  alsoRefetch?: QueryKey;
}

/**
 * The submit of the add and edit dialogs: validate, then one mutation sends the
 * task and uploads the picked attachments with a progress bar. The list is refetched also
 * after a failure, since the task itself may have been saved before an upload failed.
 */
export function useTaskSave({ viewer, mode, save, failure, success, onClose, upload = uploadAttachments, alsoRefetch }: Options) {
  const feedback = useFeedback();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ input, files }: { input: TaskInput; files: File[] }) => {
      requireSession();
      const id = await save(input);
      if (files.length && id) {
        setProgress({ loaded: 0, total: null, ratio: 0 });
        await upload(id, files, setProgress);
      }
    },
    onSettled: () => {
      if (alsoRefetch) void client.invalidateQueries({ queryKey: alsoRefetch });
      return client.invalidateQueries({ queryKey: EVENTS_PREFIX });
    },
  });

  const submit = async (values: TaskFormValues, files: File[]) => {
    const problem = validateTask(values, viewer, mode);
    setError(problem);
    if (problem) return;
    try {
      await mutation.mutateAsync({ input: toInput(values, viewer, mode), files });
      onClose();
      if (success) feedback.success(success);
    } catch (e) {
      feedback.error(errorText(e, failure));
    } finally {
      setProgress(null);
    }
  };

  return { submit, error, setError, busy: mutation.isPending, progress };
}
