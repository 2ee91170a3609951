import { useId } from "react";
import { FileIcon } from "../../components/page-icons";
import styles from "./import.module.css";

/** What the picker offers: CSV in any encoding, Excel and LibreOffice workbooks. */
export const CLASS_FILE_ACCEPT =
  ".csv,.txt,.xlsx,.ods,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet";

interface Props {
  /** The last file read, shown beside the button. */
  fileName: string | null;
  disabled?: boolean;
  onFile(file: File): void;
}

/**
 * The file input drawn as the app's secondary button: the native input stays in the page
 * (visually hidden, focusable, announced by its label), the label is what one sees and clicks.
 */
export function ClassFilePicker({ fileName, disabled, onFile }: Props) {
  const hint = useId();
  return (
    <div className={styles.file}>
      <span className={styles.fileTitle}>Fichier de la classe</span>
      <div className={styles.fileRow}>
        <label className={styles.fileButton} data-disabled={disabled || undefined}>
          <input
            type="file"
            className="visually-hidden"
            accept={CLASS_FILE_ACCEPT}
            disabled={disabled}
            aria-describedby={hint}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared, so that picking the same file again (after fixing it) reads it again.
              e.target.value = "";
              if (file) onFile(file);
            }}
          />
          <FileIcon size={18} />
          Choisir un fichier<span className="visually-hidden"> de liste de classe</span>
        </label>
        <span id={hint} className={styles.fileName}>
          {fileName ?? "CSV, Excel (.xlsx) ou LibreOffice (.ods)"}
        </span>
      </div>
    </div>
  );
}
