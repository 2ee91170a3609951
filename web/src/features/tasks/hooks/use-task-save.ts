import { useState } from "react";
import { errorText } from "../../../lib/api";
import type { TransferProgress } from "../../../lib/transfer";
import { uploadAttachments, type TaskInput } from "../api/events-api";
import { useFeedback } from "../components/feedback";
import type { Viewer } from "../model/roles";
import { toInput, validateTask, type TaskFormValues } from "../model/task-validation";
import { useEventsCache } from "./use-events";

interface Options {
  viewer: Viewer;
  mode: "add" | "edit";
  /** Sends the task; resolves to its id, to which the picked files are then attached. */
  save(input: TaskInput): Promise<string>;
  /** Text of the error popup when the server gives no message. */
  failure: string;
  success?: string;
  onClose(): void;
}

/**
 * The submit of the add and edit dialogs: validate, send the task, upload the
 * picked attachments with a progress bar, refresh the list (also after a failure, since the
 * task itself may have been saved before an upload failed), close or show the error.
 */
export function useTaskSave({ viewer, mode, save, failure, success, onClose }: Options) {
  const feedback = useFeedback();
  const { refresh } = useEventsCache(viewer.id);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<TransferProgress | null>(null);

  const submit = async (values: TaskFormValues, files: File[]) => {
    const problem = validateTask(values, viewer, mode);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const id = await save(toInput(values, viewer, mode));
      if (files.length && id) {
        setProgress({ loaded: 0, total: null, ratio: 0 });
        await uploadAttachments(id, files, setProgress);
      }
      await refresh();
      onClose();
      if (success) feedback.success(success);
    } catch (e) {
      await refresh();
      feedback.error(errorText(e, failure));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return { submit, error, setError, busy, progress };
}
