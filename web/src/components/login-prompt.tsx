import { useState } from "react";
import { Button } from "./button";
import { useAuthDialogs } from "../lib/login-dialog";
import { LockIcon } from "./page-icons";
import styles from "./login-prompt.module.css";

/**
 * The slide-in prompt shown to guests on pages that need a session: its button
 * opens the login popup, and the page reloads once the login is complete.
 */
export function LoginPrompt({ message = "Connectez-vous pour voir vos devoirs" }: { message?: string }) {
  const { openLogin } = useAuthDialogs();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className={styles.prompt} role="dialog" aria-modal="false" aria-labelledby="login-prompt-title">
      <span className={styles.icon}>
        <LockIcon size={24} />
      </span>
      <div className={styles.text}>
        <p id="login-prompt-title" className={styles.title}>
          {message}
        </p>
        <p className={styles.sub}>Vos devoirs, vos pièces et votre emploi du temps vous attendent.</p>
      </div>
      <div className={styles.actions}>
        <Button block onClick={() => openLogin({ onSuccess: () => window.location.reload() })}>
          Se connecter
        </Button>
      </div>
      <button type="button" className={styles.close} aria-label="Fermer" onClick={() => setOpen(false)}>
        ×
      </button>
    </aside>
  );
}
