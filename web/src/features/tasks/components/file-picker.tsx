import { type MouseEvent, useRef } from "react";
import { getDesktopBridge } from "../../../lib/desktop-bridge";
import { pickFilesWithDesktop } from "../../../lib/desktop-files";
import { TASK_FILES_MAX } from "@planify/common/constants/tasks";
import { formatSize } from "../model/format";
import { PaperclipIcon } from "./icons";
import styles from "./dialogs.module.css";

/** The server refuses more files per request (same constant). */
export const MAX_FILES = TASK_FILES_MAX;
export const TOO_MANY_FILES = `Vous pouvez envoyer au plus ${MAX_FILES} fichiers à la fois.`;

interface Props {
  files: File[];
  onChange(files: File[]): void;
  accept: string;
  label: string;
  hint: string;
  onError(message: string): void;
  disabled?: boolean;
}

/**
 * Multiple-file picker listing the chosen files, each removable before sending (max 10).
 * In Planify Desktop the system file dialog opens instead, filtered to the same types.
 */
export function FilePicker({ files, onChange, accept, label, hint, onError, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const allowed = accept.split(",").map((e) => e.trim().toLowerCase());
  const add = (list: FileList | File[] | null) => {
    if (!list) return;
    const picked = [...list];
    const wrong = picked.find((f) => !allowed.some((ext) => f.name.toLowerCase().endsWith(ext)));
    if (wrong) onError(`Type de fichier non autorisé : ${wrong.name}. Formats acceptés : ${allowed.join(", ")}.`);
    const next = [...files, ...picked.filter((f) => f !== wrong && allowed.some((ext) => f.name.toLowerCase().endsWith(ext)))];
    if (next.length > MAX_FILES) onError(TOO_MANY_FILES);
    onChange(next.slice(0, MAX_FILES));
    if (input.current) input.current.value = "";
  };
  // The input's click (from its label or the keyboard) opens the system dialog instead.
  const pickNative = (e: MouseEvent<HTMLInputElement>) => {
    const bridge = getDesktopBridge();
    if (!bridge) return;
    e.preventDefault();
    pickFilesWithDesktop(bridge, accept, true).then(add, () => onError("Impossible de lire les fichiers choisis. Réessayez."));
  };
  return (
    <div className={styles.files}>
      <label className={styles.fileButton} data-disabled={disabled}>
        <PaperclipIcon />
        <span>{label}</span>
        <input
          ref={input}
          type="file"
          multiple
          accept={accept}
          disabled={disabled}
          onClick={pickNative}
          onChange={(e) => add(e.target.files)}
          className="visually-hidden"
        />
      </label>
      <span className={styles.hint}>{hint}</span>
      {files.length > 0 && (
        <ul className={styles.fileList}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span className={styles.fileName}>{f.name}</span>
              <span className={styles.fileSize}>{formatSize(f.size)}</span>
              <button
                type="button"
                className={styles.linkDanger}
                disabled={disabled}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={`Retirer ${f.name}`}
              >
                Retirer
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
