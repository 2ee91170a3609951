import { useRef, useState } from "react";
import { RETURNED_EXTENSIONS, RETURNED_FILES_MAX } from "@planify/common/constants/hand-ins";
import type { TaskFileDto } from "@planify/common/schemas/task-file";
import type { TransferProgress } from "../../../lib/transfer";
import { useStudentMutations } from "../api/use-hand-ins";
import { ActionLine, useAction } from "./action";
import { DownloadList } from "./download-list";
import styles from "./student-panel.module.css";

const ACCEPT = RETURNED_EXTENSIONS.map((e) => `.${e}`).join(",");

/** The corrected copies returned to the student (seen by them once the copies are returned). */
export function ReturnedSection({ taskId, userId, files }: { taskId: string; userId: string; files: TaskFileDto[] }) {
  const m = useStudentMutations(taskId, userId);
  const action = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const full = files.length >= RETURNED_FILES_MAX;

  const add = async (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (!chosen.length) return;
    setProgress({ loaded: 0, total: null, ratio: 0 });
    await action.run(
      () => m.addReturned.mutateAsync({ files: chosen, onProgress: setProgress }),
      "Impossible d'ajouter la copie corrigée.",
    );
    setProgress(null);
    if (input.current) input.current.value = "";
  };
  const remove = (f: TaskFileDto) =>
    void action.run(() => m.deleteReturned.mutateAsync(f.filename), "Impossible de supprimer la copie corrigée.");

  return (
    <section className={styles.section} aria-labelledby="hand-in-returned">
      <h3 id="hand-in-returned" className={styles.sectionTitle}>
        Copies corrigées
      </h3>
      {files.length === 0 ? (
        <p className={styles.muted}>Aucune copie corrigée.</p>
      ) : (
        <DownloadList files={files} label="Copies corrigées" onDelete={remove} />
      )}
      <div className={styles.inline}>
        <label className={styles.fileButton} data-disabled={full || progress !== null}>
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            disabled={full || progress !== null}
            onChange={(e) => void add(e.target.files)}
            className={styles.fileInput}
          />
          Ajouter une copie corrigée
        </label>
        <span className={styles.muted}>
          {RETURNED_EXTENSIONS.join(", ")} · {RETURNED_FILES_MAX} fichiers au plus
        </span>
      </div>
      {progress && (
        <progress className={styles.progress} max={1} value={progress.ratio ?? undefined} aria-label="Envoi de la copie corrigée" />
      )}
      <ActionLine message={action.message} />
    </section>
  );
}
