// The toasts' Radix part, loaded when the first toast is shown (or once the page is idle), so
// that the first page does not carry it: see notifications.tsx.
import * as Toast from "@radix-ui/react-toast";
import type { ToastTone } from "./notifications";
import styles from "./notifications.module.css";

export interface ShownToast {
  text: string;
  tone: ToastTone;
  key: number;
}

const TOAST_MS = 3500;

/**
 * Radix Toast: the text is announced through a live region Radix adds to <body> at that moment
 * (so it is heard even above a modal dialog, which hides what was already there); the toast
 * itself sits in the « Notifications » viewport (F8 reaches it), its timer pauses while hovered
 * or focused, Escape or a swipe dismisses it.
 */
export interface ToastRegionProps {
  shown: ShownToast | null;
  onClosed: () => void;
}

export default function ToastRegion({ shown, onClosed }: ToastRegionProps) {
  return (
    <Toast.Provider label="Notification" duration={TOAST_MS} swipeDirection="down">
      {shown && (
        <Toast.Root
          key={shown.key}
          className={`${styles.toast} ${styles[shown.tone]}`}
          type={shown.tone === "error" ? "foreground" : "background"}
          onOpenChange={(open) => !open && onClosed()}
          data-testid="toast"
        >
          <Toast.Description>{shown.text}</Toast.Description>
        </Toast.Root>
      )}
      <Toast.Viewport className={styles.region} label="Notifications" />
    </Toast.Provider>
  );
}
