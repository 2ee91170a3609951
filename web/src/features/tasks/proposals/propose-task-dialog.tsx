import { useRef, useState } from "react";
import { Dialog } from "../../../components/dialog";
import { formatSize } from "../model/format";
import type { Viewer } from "../model/roles";
import { initialValues } from "../model/task-validation";
import { useTaskSave } from "../hooks/use-task-save";
import { TaskFilesField } from "../components/task-files-field";
import { TaskForm } from "../components/task-form";
import { createProposal, updateProposal, uploadProposalFiles, type Proposal } from "./proposals-api";
import { PROPOSALS_PREFIX } from "./use-proposal-count";
import styles from "../components/dialogs.module.css";

interface Props {
  viewer: Viewer;
  subjects: string[];
  /** The author's pending proposal to edit; none to propose a new one. */
  proposal?: Proposal;
  onClose(): void;
}

/**
 * « Proposer une tâche » and « Modifier la proposition »: the task form and file picker, sent
 * to the proposal routes. On a refusal (daily limit, blocked account, a file refused…) the
 * server's French message shows and the form keeps everything typed; once the proposal itself
 * exists, a second try changes it (update-self) instead of proposing it twice.
 */
export function ProposeTaskDialog({ viewer, subjects, proposal, onClose }: Props) {
  const [values, setValues] = useState(() => initialValues(viewer, proposal));
  const [files, setFiles] = useState<File[]>([]);
  const made = useRef<string | null>(proposal?.id ?? null);
  const editing = !!proposal;
  const { submit, error, setError, busy, progress } = useTaskSave({
    viewer,
    mode: editing ? "edit" : "add",
    save: async (input) => {
      if (made.current) return (await updateProposal(made.current, input)).id;
      made.current = (await createProposal(input)).id;
      return made.current;
    },
    upload: uploadProposalFiles,
    alsoRefetch: PROPOSALS_PREFIX,
    failure: editing ? "Erreur lors de la modification de la proposition." : "Erreur lors de l'envoi de la proposition.",
    success: editing ? "Proposition modifiée." : "Proposition envoyée !",
    onClose,
  });
  const title = editing ? "Modifier la proposition" : "Proposer une tâche";

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={title}
      description="Un délégué, un professeur ou un administrateur la validera pour la classe."
      width={640}
    >
      <TaskForm
        viewer={viewer}
        subjects={subjects}
        values={values}
        onChange={setValues}
        onSubmit={() => void submit(values, files)}
        error={error}
        onError={setError}
        busy={busy}
        submitLabel={editing ? "Enregistrer" : "Proposer"}
        busyLabel="Envoi..."
        mode={editing ? "edit" : "add"}
      >
        {proposal && proposal.attachments.length > 0 && (
          <ul className={styles.fileList} aria-label="Pièces jointes actuelles">
            {proposal.attachments.map((a) => (
              <li key={a.filename}>
                <span className={styles.fileName}>{a.originalname}</span>
                <span className={styles.fileSize}>{formatSize(a.size)}</span>
              </li>
            ))}
          </ul>
        )}
        <TaskFilesField kind="add" files={files} onChange={setFiles} onError={setError} busy={busy} progress={progress} />
      </TaskForm>
    </Dialog>
  );
}
