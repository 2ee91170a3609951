import { useState } from "react";
import { Dialog } from "../../../components/dialog";
import { ApiError } from "../../../lib/api";
import type { TransferProgress } from "../../../lib/transfer";
import { deleteAttachment, updateEvent, uploadAttachments } from "../api/events-api";
import type { Attachment, TaskEvent } from "../api/task-types";
import { useEventsCache } from "../hooks/use-events";
import { formatSize } from "../model/format";
import { isDelegate, type Viewer } from "../model/roles";
import { ATTACHMENT_TYPES_EDIT, initialValues, toInput, validateTask } from "../model/task-validation";
import { useFeedback } from "./feedback";
import { FilePicker } from "./file-picker";
import { ProgressBar } from "./progress-bar";
import { TaskForm } from "./task-form";
import styles from "./dialogs.module.css";

interface Props {
  viewer: Viewer;
  task: TaskEvent;
  subjects: string[];
  onClose(): void;
}

/** 'Modifier la tâche': PUT for profs and admins, update-self for the delegate who created it. */
export function EditTaskDialog({ viewer, task, subjects, onClose }: Props) {
  const feedback = useFeedback();
  const { refresh } = useEventsCache(viewer.id);
  const [values, setValues] = useState(() => initialValues(viewer, task));
  const [existing, setExisting] = useState<Attachment[]>(task.attachments);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<TransferProgress | null>(null);

  const removeExisting = async (a: Attachment) => {
    const ok = await feedback.confirm({ title: "Supprimer la pièce jointe", message: `Supprimer « ${a.originalname} » ?` });
    if (!ok) return;
    try {
      await deleteAttachment(task.id, a.filename);
      setExisting((list) => list.filter((x) => x.filename !== a.filename));
      await refresh();
    } catch {
      feedback.error("Erreur lors de la suppression de la pièce jointe.");
    }
  };

  const submit = async () => {
    const problem = validateTask(values, viewer, "edit");
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await updateEvent(task.id, toInput(values, viewer, "edit"), isDelegate(viewer));
      if (files.length) {
        setProgress({ loaded: 0, total: null, ratio: 0 });
        await uploadAttachments(task.id, files, setProgress);
      }
      await refresh();
      onClose();
    } catch (e) {
      feedback.error((e instanceof ApiError && e.serverMessage) || "Erreur lors de la modification.");
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()} title="Modifier la tâche" width={640}>
      <TaskForm
        viewer={viewer}
        subjects={subjects}
        values={values}
        onChange={setValues}
        onSubmit={() => void submit()}
        error={error}
        onError={setError}
        busy={busy}
        submitLabel="Enregistrer"
        busyLabel="Enregistrement..."
        mode="edit"
      >
        {existing.length > 0 && (
          <ul className={styles.fileList} aria-label="Pièces jointes actuelles">
            {existing.map((a) => (
              <li key={a.filename}>
                <span className={styles.fileName}>{a.originalname}</span>
                <span className={styles.fileSize}>{formatSize(a.size)}</span>
                <button type="button" className={styles.linkDanger} onClick={() => void removeExisting(a)}>Supprimer</button>
              </li>
            ))}
          </ul>
        )}
        <FilePicker files={files} onChange={setFiles} accept={ATTACHMENT_TYPES_EDIT} label="Ajouter des fichiers" hint="pdf, doc, docx, png, jpeg, svg · 10 fichiers au plus" onError={setError} disabled={busy} />
        <ProgressBar progress={progress} label="Envoi des pièces jointes" />
      </TaskForm>
    </Dialog>
  );
}
