import { useState } from "react";
import { Dialog } from "../../../components/dialog";
import { createEvent } from "../api/events-api";
import { useTaskSave } from "../hooks/use-task-save";
import type { Viewer } from "../model/roles";
import { initialValues } from "../model/task-validation";
import { TaskFilesField } from "./task-files-field";
import { TaskForm } from "./task-form";

interface Props {
  viewer: Viewer;
  subjects: string[];
  onClose(): void;
}

/** 'Ajouter une tâche': creates the task, then sends its attachments with a progress bar. */
export function AddTaskDialog({ viewer, subjects, onClose }: Props) {
  const [values, setValues] = useState(() => initialValues(viewer));
  const [files, setFiles] = useState<File[]>([]);
  const { submit, error, setError, busy, progress } = useTaskSave({
    viewer,
    mode: "add",
    save: async (input) => (await createEvent(input)).id,
    failure: "Erreur lors de l'ajout de la tâche.",
    success: "Tâche ajoutée avec succès !",
    onClose,
  });

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()} title="Ajouter une tâche" width={640}>
      <TaskForm
        viewer={viewer}
        subjects={subjects}
        values={values}
        onChange={setValues}
        onSubmit={() => void submit(values, files)}
        error={error}
        onError={setError}
        busy={busy}
        submitLabel="Ajouter"
        busyLabel="Ajout..."
        mode="add"
      >
        <TaskFilesField kind="add" files={files} onChange={setFiles} onError={setError} busy={busy} progress={progress} />
      </TaskForm>
    </Dialog>
  );
}
