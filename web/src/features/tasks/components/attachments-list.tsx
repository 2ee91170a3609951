import { useState } from "react";
import type { ProgressListener, TransferProgress } from "../../../lib/transfer";
import { downloadAttachment } from "../api/events-api";
import type { Attachment } from "../api/task-types";
import { formatSize } from "../model/format";
import { DownloadIcon, PaperclipIcon } from "./icons";
import { ProgressBar } from "./progress-bar";
import styles from "./dialogs.module.css";

/** What the list shows of a stored file (a task's attachment, a proposal's file). */
type StoredFile = Pick<Attachment, "filename" | "originalname" | "size">;

interface Props<F extends StoredFile> {
  taskId: string;
  attachments: F[];
  /** How a file downloads (default: the task's attachment route); a proposal's have their own. */
  fetchFile?(file: F, onProgress: ProgressListener): Promise<unknown>;
}

/** The task's attachments with their sizes; each downloads with a progress bar. */
export function AttachmentsList<F extends StoredFile>({ taskId, attachments, fetchFile }: Props<F>) {
  const [progress, setProgress] = useState<{ name: string; p: TransferProgress } | null>(null);
  if (!attachments.length) return null;
  const download = async (a: F) => {
    setProgress({ name: a.originalname, p: { loaded: 0, total: a.size || null, ratio: a.size ? 0 : null } });
    const onProgress = (p: TransferProgress) => setProgress({ name: a.originalname, p });
    try {
      await (fetchFile ? fetchFile(a, onProgress) : downloadAttachment(taskId, a.filename, a.originalname, onProgress));
    } catch (error) {
      console.error("Téléchargement impossible", error);
    } finally {
      setProgress(null);
    }
  };
  return (
    <section className={styles.section} aria-label="Pièces jointes">
      <h3 className={styles.sectionTitle}>
        <PaperclipIcon />
        Pièces jointes
      </h3>
      <ul className={styles.fileList}>
        {attachments.map((a) => (
          <li key={a.filename}>
            <span className={styles.fileName}>{a.originalname}</span>
            <span className={styles.fileSize}>{formatSize(a.size)}</span>
            <button type="button" className={styles.linkBtn} onClick={() => void download(a)} aria-label={`Télécharger ${a.originalname}`}>
              <DownloadIcon />
              Télécharger
            </button>
          </li>
        ))}
      </ul>
      {progress && <ProgressBar progress={progress.p} label={`Téléchargement de ${progress.name}`} />}
    </section>
  );
}
