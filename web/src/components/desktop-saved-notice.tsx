import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { getDesktopBridge } from "../lib/desktop-bridge";
import { DESKTOP_SAVED_EVENT, type DesktopSavedDetail } from "../lib/desktop-files";
import { Button } from "./button";
import styles from "./desktop-saved-notice.module.css";

const SHOWN_MS = 10_000;

/**
 * In Planify Desktop, after a file is saved through the system dialog: its name and
 * 'Afficher dans le dossier'. Renders nothing in a browser (the browser shows its downloads).
 */
export function DesktopSavedNotice() {
  const [saved, setSaved] = useState<(DesktopSavedDetail & { host: HTMLElement }) | null>(null);
  useEffect(() => {
    if (!getDesktopBridge()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onSaved = (e: Event) => {
      clearTimeout(timer);
      // Inside the open dialog when there is one (the ZIP is saved from the task's dialog):
      // outside it, a modal dialog would hide the notice from screen readers and the mouse.
      const host = document.querySelector<HTMLElement>('[role="dialog"][data-state="open"]') ?? document.body;
      setSaved({ ...(e as CustomEvent<DesktopSavedDetail>).detail, host });
      timer = setTimeout(() => setSaved(null), SHOWN_MS);
    };
    window.addEventListener(DESKTOP_SAVED_EVENT, onSaved);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(DESKTOP_SAVED_EVENT, onSaved);
    };
  }, []);
  if (!saved) return null;
  return createPortal(
    <div className={styles.notice} role="status" data-inline={saved.host !== document.body || undefined}>
      <span className={styles.text}>« {saved.name} » enregistré.</span>
      <button type="button" className={styles.close} aria-label="Fermer" onClick={() => setSaved(null)}>
        ×
      </button>
      <Button
        size="small"
        variant="secondary"
        className={styles.reveal}
        onClick={() => void getDesktopBridge()?.revealInFolder(saved.path)}
      >
        Afficher dans le dossier
      </Button>
    </div>,
    saved.host,
  );
}
