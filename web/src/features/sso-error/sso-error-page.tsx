import { Link, useSearchParams } from "react-router-dom";
import { SSO_FAILURES, type SsoFailure } from "@planify/common/constants/sso";
import { Button } from "../../components/button";
import { Page } from "../../components/page";
import { useAuthDialogs } from "../../lib/login-dialog";
import styles from "./sso-error-page.module.css";

/** The text of an `erreur` the server does not send (an old link, a hand-typed address). */
export const SSO_GENERIC_FAILURE =
  "La connexion avec l'ENT n'a pas abouti. Recommence ; si cela continue, préviens le service informatique de ton établissement.";

const isFailure = (code: string | null): code is SsoFailure => code !== null && Object.hasOwn(SSO_FAILURES, code);

/**
 * Where the server sends a refused ENT sign-in (`/connexion-ent?erreur=<CODE>`): the French
 * reason, « Réessayer » (the login popup, with the ENT buttons) and the way home. Only a known
 * code is shown, so the page never repeats text taken from its address.
 */
export function SsoErrorPage() {
  const [params] = useSearchParams();
  const { openLogin, preload } = useAuthDialogs();
  const code = params.get("erreur");
  const known = isFailure(code);
  return (
    <Page title="Connexion ENT impossible" width={620}>
      <section className={styles.card} aria-labelledby="sso-error-reason">
        <span className={styles.icon} aria-hidden="true">
          <svg width={28} height={28} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}>
            <circle cx="12" cy="12" r="9.5" />
            <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
          </svg>
        </span>
        <div className={styles.body}>
          <p id="sso-error-reason" className={styles.reason} role="alert">
            {known ? SSO_FAILURES[code] : SSO_GENERIC_FAILURE}
          </p>
          {known && <p className={styles.code}>Code à donner au service informatique : {code}</p>}
          <div className={styles.actions}>
            <Button onClick={() => openLogin()} onPointerEnter={preload} onFocus={preload}>
              Réessayer
            </Button>
            <Link to="/" className={styles.home}>
              Retour à l'accueil
            </Link>
          </div>
        </div>
      </section>
    </Page>
  );
}
