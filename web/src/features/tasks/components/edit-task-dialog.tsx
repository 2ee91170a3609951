import { useState } from "react";
import { Dialog } from "../../../components/dialog";
import { updateEvent } from "../api/events-api";
import { useDeleteAttachmentMutation } from "../api/task-mutations";
import type { Attachment, TaskEvent } from "../api/task-types";
import { useTaskSave } from "../hooks/use-task-save";
import { formatSize } from "../model/format";
import { isDelegate, type Viewer } from "../model/roles";
import { initialValues } from "../model/task-validation";
import { useFeedback } from "./feedback";
import { TaskFilesField } from "./task-files-field";
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
  const deleteAttachment = useDeleteAttachmentMutation();
  const [values, setValues] = useState(() => initialValues(viewer, task));
  const [existing, setExisting] = useState<Attachment[]>(task.attachments);
  const [files, setFiles] = useState<File[]>([]);
  const { submit, error, setError, busy, progress } = useTaskSave({
    viewer,
    mode: "edit",
    save: async (input) => {
      await updateEvent(task.id, input, isDelegate(viewer));
      return task.id;
    },
    failure: "Erreur lors de la modification.",
    onClose,
  });

  const removeExisting = async (a: Attachment) => {
    const ok = await feedback.confirm({ title: "Supprimer la pièce jointe", message: `Supprimer « ${a.originalname} » ?` });
    if (!ok) return;
    try {
      await deleteAttachment.mutateAsync({ id: task.id, filename: a.filename });
      setExisting((list) => list.filter((x) => x.filename !== a.filename));
    } catch {
      feedback.error("Erreur lors de la suppression de la pièce jointe.");
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()} title="Modifier la tâche" width={640}>
      <TaskForm
        viewer={viewer}
        subjects={subjects}
        values={values}
        onChange={setValues}
        onSubmit={() => void submit(values, files)}
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
                <button type="button" className={styles.linkDanger} onClick={() => void removeExisting(a)}>
                  Supprimer
                </button>
              </li>
            ))}
          </ul>
        )}
        <TaskFilesField kind="edit" files={files} onChange={setFiles} onError={setError} busy={busy} progress={progress} />
      </TaskForm>
    </Dialog>
  );
}
