import { useMemo } from "react";
import { useNotify, type ConfirmOptions } from "../../../components/notifications";
import type { TaskEvent } from "../api/task-types";
import { formatDate, formatTime } from "../model/format";
import styles from "./dialogs.module.css";

interface Feedback {
  error(message: string): void;
  success(message: string): void;
  /** A neutral notice (e.g. a check kept for when the connection is back). */
  info(message: string): void;
  attention(tasks: TaskEvent[]): void;
  confirm(options: ConfirmOptions): Promise<boolean>;
}

/**
 * The homework screen's messages in the app's one notification system:
 * success as a toast, the 'Erreur' and 'Attention' popups, and confirmations.
 */
export function useFeedback(): Feedback {
  const notify = useNotify();
  return useMemo<Feedback>(
    () => ({
      error: (message) =>
        void notify.alert({
          title: "Erreur",
          message: (
            <p className={styles.errorText} role="alert">
              {message}
            </p>
          ),
        }),
      success: (message) => notify.toast(message, "success"),
      info: (message) => notify.toast(message, "info"),
      attention: (tasks) => void notify.alert({ title: "Attention", message: <BlockedTasks tasks={tasks} /> }),
      confirm: notify.confirm,
    }),
    [notify],
  );
}

function BlockedTasks({ tasks }: { tasks: TaskEvent[] }) {
  return (
    <>
      <p>Ces tâches en retard ne peuvent pas être vidées : un dépôt est requis d'abord.</p>
      <ul className={styles.blockedList} aria-label="Tâches bloquées">
        {tasks.map((t) => (
          <li key={t.id}>
            <strong>{t.titre}</strong>
            <span>
              {t.matiere} · {formatDate(t.date, "short")} {formatTime(t.heure)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
