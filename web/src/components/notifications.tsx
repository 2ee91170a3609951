// The app's one notification system: short toasts (success, error) and the message popups
// that need an answer (an alert with OK, a yes/no confirmation). <NotificationsProvider> is
// mounted once by the layout; any screen calls useNotify().
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { Ask } from "./notification-dialogs";
import styles from "./notifications.module.css";

// The popups (and the dialog primitives) load the first time a question is asked.
const NotificationDialogs = lazy(() => import("./notification-dialogs"));

export type ToastTone = "success" | "error" | "info";

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

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [ask, setAsk] = useState<Ask | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Ask | null>(null);
  // Once loaded the popups stay mounted, so closing one animates and gives focus back.
  const [asked, setAsked] = useState(false);

  const answer = useCallback((ok: boolean) => {
    const current = pending.current;
    pending.current = null;
    setAsk(null);
    if (current?.kind === "alert") current.done();
    else current?.done(ok);
  }, []);

  const open = useCallback(
    (next: Ask) => {
      answer(false); // a new question replaces an unanswered one
      pending.current = next;
      setAsked(true);
      setAsk(next);
    },
    [answer],
  );

  const value = useMemo<Notify>(
    () => ({
      toast: (text, tone = "success") => {
        clearTimeout(timer.current);
        setShown({ text, tone, key: Date.now() + Math.random() });
        timer.current = setTimeout(() => setShown(null), TOAST_MS);
      },
      alert: (options) => new Promise<void>((done) => open({ kind: "alert", options, done })),
      confirm: (options) => new Promise<boolean>((done) => open({ kind: "confirm", options, done })),
    }),
    [open],
  );

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {/* Mounted only while a toast shows: a modal dialog opened earlier hides (aria-hidden)
          every node already in <body>, so a region created now stays announced above it. */}
      {shown &&
        createPortal(
          <div className={styles.region} role="status" aria-live="polite">
            <div key={shown.key} className={`${styles.toast} ${styles[shown.tone]}`}>
              {shown.text}
            </div>
          </div>,
          document.body,
        )}
      {asked && (
        <Suspense fallback={null}>
          <NotificationDialogs ask={ask} answer={answer} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}
