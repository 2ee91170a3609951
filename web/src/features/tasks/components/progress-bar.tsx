import type { TransferProgress } from "../../../lib/transfer";
import { formatSize } from "../model/format";
import styles from "./dialogs.module.css";

/** A labelled progress bar for uploads and downloads (indeterminate while the size is unknown). */
export function ProgressBar({ progress, label }: { progress: TransferProgress | null; label: string }) {
  if (!progress) return null;
  const pct = progress.ratio == null ? null : Math.round(progress.ratio * 100);
  return (
    <div className={styles.progress}>
      <div className={styles.progressText}>
        <span>{label}</span>
        <span>{pct == null ? formatSize(progress.loaded) : `${pct} %`}</span>
      </div>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct ?? undefined}
      >
        <div
          className={pct == null ? styles.progressIndeterminate : styles.progressFill}
          style={pct == null ? undefined : { width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
