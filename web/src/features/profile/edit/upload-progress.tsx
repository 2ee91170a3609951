import type { TransferProgress } from "../../../lib/transfer";
import styles from "../../../components/profile-sections.module.css";

/** A labelled upload progress bar (indeterminate while the size is unknown). */
export function UploadProgress({ progress, label }: { progress: TransferProgress | null; label: string }) {
  const pct = progress?.ratio == null ? null : Math.round(progress.ratio * 100);
  return (
    <div className={styles.progress}>
      <div className={styles.progressText}>
        <span>{label}</span>
        {pct !== null && <span>{pct} %</span>}
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
          className={pct === null ? styles.progressIndeterminate : styles.progressFill}
          style={pct === null ? undefined : { width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
