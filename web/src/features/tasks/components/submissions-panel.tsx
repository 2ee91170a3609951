import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/button";
import type { TransferProgress } from "../../../lib/transfer";
import { downloadByUrl, downloadSubmissionsZip } from "../api/events-api";
import { useUpdateTaskMutation } from "../api/task-mutations";
import type { TaskEvent } from "../api/task-types";
import { useEventsCache } from "../hooks/use-events";
import { useSubmissions } from "../hooks/use-submissions";
import { QueryError } from "../../../components/query-state";
import { formatDelay, formatInstant, formatSize } from "../model/format";
import type { Viewer } from "../model/roles";
import { useFeedback } from "./feedback";
import { DownloadIcon } from "./icons";
import { ProgressBar } from "./progress-bar";
import styles from "./dialogs.module.css";

/** Teachers: the hand-in switch, every student's files with late flags, and the ZIP of all. */
export function SubmissionsPanel({ task, viewer }: { task: TaskEvent; viewer: Viewer }) {
  const feedback = useFeedback();
  const { patch } = useEventsCache(viewer.id);
  const update = useUpdateTaskMutation();
  const subs = useSubmissions(task.id, task.submissionEnabled);
  const [progress, setProgress] = useState<{ label: string; p: TransferProgress } | null>(null);
  const switching = update.isPending;
  // Local copy so the switch flips within the click (the cache notifies a tick later).
  const [enabled, setEnabled] = useState(task.submissionEnabled);
  useEffect(() => setEnabled(task.submissionEnabled), [task.submissionEnabled]);

  const toggle = async (on: boolean) => {
    setEnabled(on);
    patch(task.id, { submissionEnabled: on });
    try {
      await update.mutateAsync({ id: task.id, input: { submissionEnabled: on }, asDelegate: false });
    } catch {
      setEnabled(!on);
      patch(task.id, { submissionEnabled: !on });
      feedback.error("Erreur lors de la modification.");
    }
  };

  const download = async (label: string, run: (p: (x: TransferProgress) => void) => Promise<unknown>) => {
    setProgress({ label, p: { loaded: 0, total: null, ratio: null } });
    try {
      await run((p) => setProgress({ label, p }));
    } catch (error) {
      console.error("Téléchargement impossible", error);
    } finally {
      setTimeout(() => setProgress(null), 1500);
    }
  };

  const list = subs.data ?? [];
  return (
    <section className={styles.section} aria-label="Dépôts des étudiants">
      <div className={styles.sectionHead}>
        <h3 className={styles.sectionTitle}>Dépôts des étudiants</h3>
        <label className={styles.switch}>
          <input type="checkbox" checked={enabled} disabled={switching} onChange={(e) => void toggle(e.target.checked)} />
          <span>Dépôt activé</span>
        </label>
      </div>
      {task.can.mark && (
        <p className={styles.hint}>
          <Link to={`/devoirs/${encodeURIComponent(task.id)}/depots`} data-testid="hand-ins-link">
            Suivi des dépôts, délais et notes
          </Link>
        </p>
      )}
      {!task.submissionEnabled ? (
        <p className={styles.hint}>Le dépôt est désactivé : les étudiants ne peuvent pas rendre de fichiers.</p>
      ) : subs.isError && !subs.data ? (
        <QueryError text="Impossible de charger les dépôts." error={subs.error} onRetry={subs.refetch} retrying={subs.isFetching} />
      ) : list.length === 0 ? (
        <p className={styles.hint}>{subs.isLoading ? "Chargement…" : "Aucun dépôt pour le moment."}</p>
      ) : (
        <ul className={styles.submissions} aria-label="Liste des dépôts">
          {list.map((s) => (
            <li key={s.userId}>
              <div className={styles.submissionHead}>
                <strong>{s.userName}</strong>
                <span className={styles.hint}>{formatInstant(s.submittedAt)}</span>
                {s.late && <span className={styles.lateFlag}>En retard{s.lateByMs > 0 ? ` de ${formatDelay(s.lateByMs)}` : ""}</span>}
              </div>
              <ul className={styles.fileList}>
                {s.files.map((f) => (
                  <li key={f.filename}>
                    <span className={styles.fileName}>{f.originalname}</span>
                    <span className={styles.fileSize}>{formatSize(f.size)}</span>
                    {f.url && (
                      <button
                        type="button"
                        className={styles.linkBtn}
                        onClick={() => void download(f.originalname, (p) => downloadByUrl(f.url, f.originalname, p))}
                      >
                        <DownloadIcon />
                        Télécharger
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {task.submissionEnabled && list.length > 0 && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={!!progress}
            onClick={() => void download("Téléchargement du ZIP", (p) => downloadSubmissionsZip(task.id, p))}
          >
            <DownloadIcon />
            Tout télécharger (ZIP)
          </Button>
        </div>
      )}
      {progress && <ProgressBar progress={progress.p} label={progress.label} />}
    </section>
  );
}
