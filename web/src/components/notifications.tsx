// The app's one notification system: short toasts (success, error) and the message popups
// that need an answer (an alert with OK, a yes/no confirmation). <NotificationsProvider> is
// mounted once by the layout; any screen calls useNotify().
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Button } from "./button";
import { Dialog } from "./dialog";
import styles from "./notifications.module.css";

export type ToastTone = "success" | "error";

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  yes?: string;
  no?: string;
}

export interface AlertOptions {
  title: string;
  message: ReactNode;
}

export interface Notify {
  /** A short notice at the bottom of the screen that hides itself after 3.5 s. */
  toast(text: string, tone?: ToastTone): void;
  /** A popup with an OK button (e.g. "Erreur"); resolves once it is closed. */
  alert(options: AlertOptions): Promise<void>;
  /** A yes/no popup; resolves to true on yes. */
  confirm(options: ConfirmOptions): Promise<boolean>;
}

const TOAST_MS = 3500;
const NotifyContext = createContext<Notify | null>(null);

export function useNotify(): Notify {
  const value = useContext(NotifyContext);
  if (!value) throw new Error("useNotify outside NotificationsProvider");
  return value;
}

interface Shown {
  text: string;
  tone: ToastTone;
  key: number;
}

type Ask = { kind: "alert"; options: AlertOptions; done: () => void } | { kind: "confirm"; options: ConfirmOptions; done: (ok: boolean) => void };

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [ask, setAsk] = useState<Ask | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Ask | null>(null);

  const answer = useCallback((ok: boolean) => {
    const current = pending.current;
    pending.current = null;
    setAsk(null);
    if (current?.kind === "alert") current.done();
    else current?.done(ok);
  }, []);

  const open = useCallback((next: Ask) => {
    answer(false); // a new question replaces an unanswered one
    pending.current = next;
    setAsk(next);
  }, [answer]);

  const value = useMemo<Notify>(() => ({
    toast: (text, tone = "success") => {
      clearTimeout(timer.current);
      setShown({ text, tone, key: Date.now() + Math.random() });
      timer.current = setTimeout(() => setShown(null), TOAST_MS);
    },
    alert: (options) => new Promise<void>((done) => open({ kind: "alert", options, done })),
    confirm: (options) => new Promise<boolean>((done) => open({ kind: "confirm", options, done })),
  }), [open]);

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {/* Mounted only while a toast shows: a modal dialog opened earlier hides (aria-hidden)
          every node already in <body>, so a region created now stays announced above it. */}
      {shown && createPortal(
        <div className={styles.region} role="status" aria-live="polite">
          <div key={shown.key} className={`${styles.toast} ${styles[shown.tone]}`}>{shown.text}</div>
        </div>,
        document.body,
      )}
      <Dialog open={ask?.kind === "alert"} onOpenChange={(o) => !o && answer(false)} title={ask?.options.title ?? ""} width={440}>
        <div className={styles.message}>{ask?.options.message}</div>
        <div className={styles.actions}><Button onClick={() => answer(true)}>OK</Button></div>
      </Dialog>
      <Dialog open={ask?.kind === "confirm"} onOpenChange={(o) => !o && answer(false)} title={ask?.options.title ?? ""} width={420}>
        <div className={styles.message}>{ask?.options.message}</div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => answer(false)}>{(ask?.kind === "confirm" && ask.options.no) || "Non"}</Button>
          <Button onClick={() => answer(true)}>{(ask?.kind === "confirm" && ask.options.yes) || "Oui"}</Button>
        </div>
      </Dialog>
    </NotifyContext.Provider>
  );
}
