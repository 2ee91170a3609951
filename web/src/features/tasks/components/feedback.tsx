import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import type { TaskEvent } from "../api/task-types";
import { formatDate, formatTime } from "../model/format";
import styles from "./dialogs.module.css";

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  yes?: string;
  no?: string;
}

interface Feedback {
  error(message: string): void;
  success(message: string): void;
  attention(tasks: TaskEvent[]): void;
  confirm(options: ConfirmOptions): Promise<boolean>;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error("useFeedback outside FeedbackProvider");
  return value;
}

/** The screen's message popups: success, 'Erreur', 'Attention' and confirmations (spec 3 §2.4). */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<TaskEvent[] | null>(null);
  const [ask, setAsk] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setAsk(null);
  };

  const confirm = useCallback((options: ConfirmOptions) => new Promise<boolean>((resolve) => {
    resolver.current?.(false);
    resolver.current = resolve;
    setAsk(options);
  }), []);

  const value = useMemo<Feedback>(() => ({
    error: setError,
    success: (m) => {
      setSuccess(m);
      setTimeout(() => setSuccess((cur) => (cur === m ? null : cur)), 2500);
    },
    attention: setBlocked,
    confirm,
  }), [confirm]);

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <Dialog open={success !== null} onOpenChange={(o) => !o && setSuccess(null)} title="Succès" width={380}>
        <p className={styles.successText} role="status"><span aria-hidden className={styles.successIcon}>✓</span>{success}</p>
      </Dialog>
      <Dialog open={error !== null} onOpenChange={(o) => !o && setError(null)} title="Erreur" width={420}>
        <p className={styles.errorText} role="alert">{error}</p>
        <div className={styles.actions}><Button onClick={() => setError(null)}>OK</Button></div>
      </Dialog>
      <Dialog open={blocked !== null} onOpenChange={(o) => !o && setBlocked(null)} title="Attention" width={460}>
        <p>Ces tâches en retard ne peuvent pas être vidées : un dépôt est requis d'abord.</p>
        <ul className={styles.blockedList} aria-label="Tâches bloquées">
          {blocked?.map((t) => (
            <li key={t.id}><strong>{t.titre}</strong><span>{t.matiere} · {formatDate(t.date, "short")} {formatTime(t.heure)}</span></li>
          ))}
        </ul>
        <div className={styles.actions}><Button onClick={() => setBlocked(null)}>OK</Button></div>
      </Dialog>
      <Dialog open={ask !== null} onOpenChange={(o) => !o && answer(false)} title={ask?.title ?? ""} width={420}>
        <div className={styles.confirmText}>{ask?.message}</div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => answer(false)}>{ask?.no ?? "Non"}</Button>
          <Button onClick={() => answer(true)}>{ask?.yes ?? "Oui"}</Button>
        </div>
      </Dialog>
    </FeedbackContext.Provider>
  );
}
