import { useState } from "react";
import { Dialog } from "../../../components/dialog";
import { createEvent } from "../api/events-api";
import { useTaskSave } from "../hooks/use-task-save";
import type { Viewer } from "../model/roles";
import { ATTACHMENT_TYPES_ADD } from "../model/accept-lists";
import { initialValues } from "../model/task-validation";
import { FilePicker, MAX_FILES } from "./file-picker";
import { ProgressBar } from "./progress-bar";
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
        <FilePicker
          files={files}
          onChange={setFiles}
          accept={ATTACHMENT_TYPES_ADD}
          label="Joindre des fichiers"
          hint={`pdf, doc, docx, zip, rar, png, jpeg, svg · ${MAX_FILES} fichiers au plus`}
          onError={setError}
          disabled={busy}
        />
        <ProgressBar progress={progress} label="Envoi des pièces jointes" />
      </TaskForm>
    </Dialog>
  );
}
