// The app's one notification system: short toasts (success, error) and the message popups
// that need an answer (an alert with OK, a yes/no confirmation). <NotificationsProvider> is
// mounted once by the layout; any screen calls useNotify().
import {
  type ComponentType,
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { Ask } from "./notification-dialogs";
import type { ShownToast, ToastRegionProps } from "./toast-region";

// The popups (and the dialog primitives) load the first time a question is asked; the toasts'
// Radix part once the page is idle, or at the first toast if that comes sooner. Neither is part
// of the first page.
const NotificationDialogs = lazy(() => import("./notification-dialogs"));
const loadToastRegion = () => import("./toast-region");
// A chunk that cannot load (offline, or replaced by an update) must not take the app down with
// it: the provider sits above the error boundary. Toasts then stay silent; the page and its
// own messages (dialogs, inline errors) carry on.
const ToastRegion = lazy<ComponentType<ToastRegionProps>>(() => loadToastRegion().catch(() => ({ default: () => null })));

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

const NotifyContext = createContext<Notify | null>(null);

export function useNotify(): Notify {
  const value = useContext(NotifyContext);
  if (!value) throw new Error("useNotify outside NotificationsProvider");
  return value;
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<ShownToast | null>(null);
  // Once loaded the toast region stays mounted, so each toast animates in and out.
  const [toasted, setToasted] = useState(false);
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

  // Fetched while nothing else happens, so the first toast does not wait for the network.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => {
      // A failed preload is only a missed head start: the first toast asks for the chunk again.
      loadToastRegion().catch(() => undefined);
    });
  }, []);

  const value = useMemo<Notify>(
    () => ({
      // A new toast replaces the one on screen (a new key: a fresh Radix toast and timer).
      toast: (text, tone = "success") => {
        setToasted(true);
        setShown({ text, tone, key: Date.now() + Math.random() });
      },
      alert: (options) => new Promise<void>((done) => open({ kind: "alert", options, done })),
      confirm: (options) => new Promise<boolean>((done) => open({ kind: "confirm", options, done })),
    }),
    [open],
  );

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {toasted && (
        <Suspense fallback={null}>
          <ToastRegion shown={shown} onClosed={() => setShown(null)} />
        </Suspense>
      )}
      {asked && (
        <Suspense fallback={null}>
          <NotificationDialogs ask={ask} answer={answer} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}
