// The app's one notification system: short toasts (success, error) and the message popups
// that need an answer (an alert with OK, a yes/no confirmation). <NotificationsProvider> is
// mounted once by the layout; any screen calls useNotify().
import * as Toast from "@radix-ui/react-toast";
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
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
      // A new toast replaces the one on screen (a new key: a fresh Radix toast and timer).
      toast: (text, tone = "success") => setShown({ text, tone, key: Date.now() + Math.random() }),
      alert: (options) => new Promise<void>((done) => open({ kind: "alert", options, done })),
      confirm: (options) => new Promise<boolean>((done) => open({ kind: "confirm", options, done })),
    }),
    [open],
  );

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {/* Radix Toast: the text is announced through a live region Radix adds to <body> at that
          moment (so it is heard even above a modal dialog, which hides what was already there);
          the toast itself sits in the « Notifications » viewport (F8 reaches it), its timer
          pauses while hovered or focused, Escape or a swipe dismisses it. */}
      <Toast.Provider label="Notification" duration={TOAST_MS} swipeDirection="down">
        {shown && (
          <Toast.Root
            key={shown.key}
            className={`${styles.toast} ${styles[shown.tone]}`}
            type={shown.tone === "error" ? "foreground" : "background"}
            onOpenChange={(open) => !open && setShown(null)}
            data-testid="toast"
          >
            <Toast.Description>{shown.text}</Toast.Description>
          </Toast.Root>
        )}
        <Toast.Viewport className={styles.region} label="Notifications" />
      </Toast.Provider>
      {asked && (
        <Suspense fallback={null}>
          <NotificationDialogs ask={ask} answer={answer} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}
