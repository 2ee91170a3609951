import type { TransferProgress } from "../../../lib/transfer";
import { ATTACHMENT_TYPES_ADD, ATTACHMENT_TYPES_EDIT } from "../model/accept-lists";
import { FilePicker, MAX_FILES } from "./file-picker";
import { ProgressBar } from "./progress-bar";

const KINDS = {
  add: { accept: ATTACHMENT_TYPES_ADD, label: "Joindre des fichiers", types: "pdf, doc, docx, zip, rar, png, jpeg, svg" },
  edit: { accept: ATTACHMENT_TYPES_EDIT, label: "Ajouter des fichiers", types: "pdf, doc, docx, png, jpeg, svg" },
} as const;

interface Props {
  /** add: a new task or proposal (archives allowed); edit: files added to an existing task. */
  kind: keyof typeof KINDS;
  files: File[];
  onChange(files: File[]): void;
  onError(message: string): void;
  busy: boolean;
  progress: TransferProgress | null;
}

/** The files a task form sends after the task (add, edit, propose), and the upload's progress. */
export function TaskFilesField({ kind, files, onChange, onError, busy, progress }: Props) {
  const k = KINDS[kind];
  return (
    <>
      <FilePicker
        files={files}
        onChange={onChange}
        accept={k.accept}
        label={k.label}
        hint={`${k.types} · ${MAX_FILES} fichiers au plus`}
        onError={onError}
        disabled={busy}
      />
      <ProgressBar progress={progress} label="Envoi des pièces jointes" />
    </>
  );
}
