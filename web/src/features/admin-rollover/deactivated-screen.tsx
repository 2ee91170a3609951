import type { SessionUser } from "@planify/common/schemas/users";
import { Button } from "../../components/button";
import { logout } from "../../lib/session";
import styles from "./deactivated-screen.module.css";

/** MYDATA's export of everything the account holds (a ZIP); the one call a deactivated session may make. */
export const DATA_EXPORT_URL = "/api/privacy/me/export";

/** « 16 mai 2027 », Paris. */
const parisDay = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));

/**
 * The one screen a graduate deactivated by « Nouvelle année scolaire » sees: why, when the
 * account is erased, the download of their data and signing out (everything else is refused).
 */
export default function DeactivatedScreen({ user }: { user: SessionUser }) {
  return (
    <section className={styles.card} aria-labelledby="compte-desactive-titre">
      <h1 id="compte-desactive-titre" className={styles.title}>
        Ton compte est désactivé
      </h1>
      <p>
        Félicitations pour ton diplôme ! Ta scolarité est terminée : ton compte a été désactivé lors du passage à la nouvelle année
        scolaire.
      </p>
      {user.eraseAfter && (
        <p>
          Il sera supprimé définitivement le <strong>{parisDay(user.eraseAfter)}</strong>, avec tout ce qu'il contient.
        </p>
      )}
      <p>D'ici là, tu peux télécharger tes données (tâches, dépôts, profil) pour les garder.</p>
      <div className={styles.actions}>
        <a className={styles.download} href={DATA_EXPORT_URL} download>
          Télécharger mes données
        </a>
        <Button variant="secondary" onClick={() => logout()}>
          Se déconnecter
        </Button>
      </div>
      <p className={styles.muted}>Une erreur ? Demande à l'administration de ton établissement de réactiver ton compte.</p>
    </section>
  );
}
