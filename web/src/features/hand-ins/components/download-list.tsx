import { useState } from "react";
import type { TaskFileDto } from "@planify/common/schemas/task-file";
import type { TransferProgress } from "../../../lib/transfer";
import { downloadListed } from "../api/hand-ins-api";
import styles from "./student-panel.module.css";

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} octets`
    : bytes < 1024 ** 2
      ? `${Math.round(bytes / 1024)} Ko`
      : `${(bytes / 1024 ** 2).toFixed(1).replace(".", ",")} Mo`;

/** Files the server listed, each downloaded by its own address; `onDelete` adds « Supprimer ». */
export function DownloadList({ files, onDelete, label }: { files: TaskFileDto[]; label: string; onDelete?(f: TaskFileDto): void }) {
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const download = async (f: TaskFileDto) => {
    setProgress({ loaded: 0, total: f.size || null, ratio: 0 });
    try {
      await downloadListed(f.url, f.originalname, setProgress);
    } catch (error) {
      console.error("Téléchargement impossible", error);
    } finally {
      setProgress(null);
    }
  };
  return (
    <ul className={styles.files} aria-label={label}>
      {files.map((f) => (
        <li key={f.filename}>
          <span className={styles.fileName}>{f.originalname}</span>
          <span className={styles.muted}>{size(f.size)}</span>
          <button type="button" className={styles.link} disabled={progress !== null} onClick={() => void download(f)}>
            Télécharger<span className="visually-hidden"> {f.originalname}</span>
          </button>
          {onDelete && (
            <button type="button" className={styles.linkDanger} onClick={() => onDelete(f)}>
              Supprimer<span className="visually-hidden"> {f.originalname}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
