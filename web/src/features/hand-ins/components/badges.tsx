import { FEEDBACK_STATE_LABELS, HAND_IN_STATUS_LABELS, type FeedbackState, type HandInStatus } from "@planify/common/constants/hand-ins";
import { formatDelay } from "@planify/common/format/delay";
import styles from "./hand-ins.module.css";

/** « Rendu », « Rendu en retard » (with how late), « Non rendu », « Dispensé ». */
export function StatusBadge({ status, lateByMs }: { status: HandInStatus; lateByMs?: number }) {
  return (
    <span className={styles.badge} data-status={status}>
      {HAND_IN_STATUS_LABELS[status]}
      {status === "en-retard" && lateByMs ? ` (${formatDelay(lateByMs)})` : ""}
    </span>
  );
}

/** Where the correction stands: « À corriger », « Brouillon », « Corrigé »; nothing for no hand-in. */
export function FeedbackBadge({ state, handedIn }: { state: FeedbackState; handedIn: boolean }) {
  if (state === "aucun" && !handedIn) return <span className={styles.none}>—</span>;
  return (
    <span className={styles.badge} data-feedback={state}>
      {FEEDBACK_STATE_LABELS[state]}
    </span>
  );
}
