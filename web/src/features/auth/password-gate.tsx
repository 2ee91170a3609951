import { useState, type ReactNode } from "react";
import { usePasswordSignIn } from "./api/auth-api";
import styles from "./auth.module.css";

/**
 * The password form of the login popup, when the school keeps password sign-in for admins:
 * hidden behind « Connexion administrateur » (the others sign in with the ENT button).
 */
export function PasswordGate({ children }: { children: ReactNode }) {
  const mode = usePasswordSignIn();
  const [shown, setShown] = useState(false);
  if (mode !== "admins" || shown) return <>{children}</>;
  return (
    <div className={styles.gate}>
      <p className={styles.hint}>
        Ton établissement se connecte avec l'ENT (bouton ci-dessus). La connexion par mot de passe est réservée aux administrateurs.
      </p>
      <button type="button" className={styles.link} onClick={() => setShown(true)}>
        Connexion administrateur
      </button>
    </div>
  );
}
