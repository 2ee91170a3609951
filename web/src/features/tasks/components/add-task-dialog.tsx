import { useState } from "react";
import { Dialog } from "../../../components/dialog";
import { ApiError } from "../../../lib/api";
import type { TransferProgress } from "../../../lib/transfer";
import { createEvent, uploadAttachments } from "../api/events-api";
import { useEventsCache } from "../hooks/use-events";
import type { Viewer } from "../model/roles";
import { ATTACHMENT_TYPES_ADD, initialValues, toInput, validateTask } from "../model/task-validation";
import { useFeedback } from "./feedback";
import { FilePicker } from "./file-picker";
import { ProgressBar } from "./progress-bar";
import { TaskForm } from "./task-form";

interface Props {
  viewer: Viewer;
  subjects: string[];
  onClose(): void;
}

/** 'Ajouter une tâche': creates the task, then sends its attachments with a progress bar. */
export function AddTaskDialog({ viewer, subjects, onClose }: Props) {
  const feedback = useFeedback();
  const { refresh } = useEventsCache(viewer.id);
  const [values, setValues] = useState(() => initialValues(viewer));
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<TransferProgress | null>(null);

  const submit = async () => {
    const problem = validateTask(values, viewer, "add");
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const created = await createEvent(toInput(values, viewer, "add"));
      if (files.length && created.id) {
        setProgress({ loaded: 0, total: null, ratio: 0 });
        await uploadAttachments(created.id, files, setProgress);
      }
      await refresh();
      onClose();
      feedback.success("Tâche ajoutée avec succès !");
    } catch (e) {
      await refresh();
      feedback.error((e instanceof ApiError && e.serverMessage) || "Erreur lors de l'ajout de la tâche.");
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()} title="Ajouter une tâche" width={640}>
      <TaskForm
        viewer={viewer}
        subjects={subjects}
        values={values}
        onChange={setValues}
        onSubmit={() => void submit()}
        error={error}
        onError={setError}
        busy={busy}
        submitLabel="Ajouter"
        busyLabel="Ajout..."
        mode="add"
      >
        <FilePicker files={files} onChange={setFiles} accept={ATTACHMENT_TYPES_ADD} label="Joindre des fichiers" hint="pdf, doc, docx, zip, rar, png, jpeg, svg · 10 fichiers au plus" onError={setError} disabled={busy} />
        <ProgressBar progress={progress} label="Envoi des pièces jointes" />
      </TaskForm>
    </Dialog>
  );
}
