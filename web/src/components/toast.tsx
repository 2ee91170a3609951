import { createPortal } from "react-dom";
import { useEffect, useState } from "react";
import styles from "./toast.module.css";

export interface ToastMessage {
  text: string;
  tone: "success" | "error";
  /** Changes for each new message so that the same text shows again. */
  key: number;
}

/** Builds toast messages with unique keys. */
export function toast(text: string, tone: ToastMessage["tone"] = "success"): ToastMessage {
  return { text, tone, key: Date.now() + Math.random() };
}

/** A short, announced notice at the bottom of the screen; hides itself after 3.5 s. */
export function Toast({ message }: { message: ToastMessage | null }) {
  const [shown, setShown] = useState<ToastMessage | null>(message);
  useEffect(() => {
    setShown(message);
    if (!message) return;
    const t = setTimeout(() => setShown(null), 3500);
    return () => clearTimeout(t);
  }, [message]);
  return createPortal(
    <div className={styles.region} role="status" aria-live="polite">
      {shown && <div key={shown.key} className={`${styles.toast} ${styles[shown.tone]}`}>{shown.text}</div>}
    </div>,
    document.body,
  );
}
