import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { PasswordSignIn } from "@planify/common/constants/sign-in";
import styles from "./auth.module.css";

/** GET /auth/providers: who may sign in with a password ("all" while unknown or unreachable). */
export function usePasswordSignIn(): PasswordSignIn {
  const query = useQuery({
    queryKey: ["auth", "providers"],
    queryFn: async ({ signal }) => {
      const { answerOf, apiClientWith } = await import("../../lib/api/client");
      return answerOf(apiClientWith({ anonymous: true }).GET("/api/auth/providers", { signal }));
    },
    staleTime: 60_000,
    retry: false,
  });
  return query.data?.passwordSignIn ?? "all";
}

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
      <p className={styles.hint}>Ton établissement se connecte avec l'ENT : utilise le bouton « Connexion ENT ».</p>
      <button type="button" className={styles.link} onClick={() => setShown(true)}>
        Connexion administrateur
      </button>
    </div>
  );
}
