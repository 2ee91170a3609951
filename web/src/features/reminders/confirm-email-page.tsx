import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../components/button";
import { Page } from "../../components/page";
import { errorText } from "../../lib/api";
import { useConfirmEmail } from "./api/confirm-email-api";
import styles from "./confirm-email-page.module.css";

/**
 * Where a confirmation mail's link leads. The token comes after '#' (never sent to a server
 * or a log), and nothing is confirmed until the button is pressed: a mail scanner that opens
 * the link to check it confirms nothing.
 */
export function ConfirmEmailPage() {
  const [token] = useState(() => window.location.hash.slice(1));
  const confirm = useConfirmEmail();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const done = result?.ok === true;

  function submit() {
    confirm.mutate(
      { token },
      {
        onSuccess: (res) => setResult({ ok: true, text: res.message }),
        onError: (error) => setResult({ ok: false, text: errorText(error, "La confirmation a échoué. Réessayez.") }),
      },
    );
  }

  return (
    <Page title="Confirmer votre adresse e-mail" width={560}>
      <div className={styles.card}>
        {!token ? (
          <p className={styles.error} role="alert">
            Ce lien est incomplet : ouvrez le lien du mail en entier, ou demandez-en un nouveau avec « Renvoyer le lien » dans vos
            préférences de notification.
          </p>
        ) : (
          <>
            <p className={styles.text}>
              Cette adresse recevra les rappels de devoirs et d'examens de Planify. Confirmez que c'est bien la vôtre.
            </p>
            {!done && (
              <Button disabled={confirm.isPending} onClick={submit}>
                {confirm.isPending ? "Confirmation…" : "Confirmer"}
              </Button>
            )}
            {result && (
              <p className={result.ok ? styles.ok : styles.error} role={result.ok ? "status" : "alert"}>
                {result.text}
              </p>
            )}
          </>
        )}
        <Link to="/" className={styles.home}>
          Retour à l'accueil
        </Link>
      </div>
    </Page>
  );
}
