import { Button } from "../../../components/button";
import styles from "./task-list.module.css";

/** Older tasks than the recent window: loaded page by page on demand. */
export interface OlderTasks {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore: () => void;
}

/**
 * Below the columns, so that loaded tasks land above it without moving what is on screen;
 * the row keeps its height while loading and once everything is shown.
 */
export function OlderTasksButton({ older }: { older: OlderTasks }) {
  return (
    <div className={styles.older} aria-live="polite">
      {older.hasMore ? (
        <Button variant="secondary" disabled={older.loading} onClick={older.loadMore}>
          {older.loading ? "Chargement des tâches plus anciennes..." : "Afficher les tâches plus anciennes"}
        </Button>
      ) : (
        <p className={styles.olderDone}>Toutes vos tâches sont affichées.</p>
      )}
      {older.failed && (
        <p className={styles.olderError} role="alert">
          Impossible de charger les tâches plus anciennes. Réessayez.
        </p>
      )}
    </div>
  );
}
