import { useState } from "react";
import { Button } from "../../components/button";
import { CheckIcon } from "../../components/icons";
import { failureText } from "../../lib/failure-text";
import { useFlash } from "../../lib/use-flash";
import { useCodes } from "./api/codes-admin";
import { CodeGenerator } from "./code-generator";
import { CodeList } from "./code-list";
import styles from "../../components/admin-panel.module.css";

/** The reward-codes section of the admin dashboard: generate, copy the last code, list, delete. */
export function AdminCodesPanel() {
  const codes = useCodes();
  const [last, setLast] = useState<string | null>(null);
  const [flash, showFlash] = useFlash();
  const [error, setError] = useState<string | null>(null);

  const generated = (code: string) => {
    setLast(code);
    setError(null);
    showFlash(`Code ${code} créé.`);
  };

  async function copyLast() {
    if (!last) return;
    try {
      await navigator.clipboard.writeText(last);
      setError(null);
      showFlash("Code copié !");
    } catch {
      showFlash(null);
      setError("Impossible de copier automatiquement");
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="admin-codes-title">
      <h2 id="admin-codes-title" className={styles.panelTitle}>
        Codes de récompense
      </h2>
      <p className={styles.panelIntro}>
        Un code donne des items ou des couleurs de bordure à chaque personne qui l'utilise, une fois par compte, jusqu'au nombre
        d'utilisations choisi.
      </p>
      <CodeGenerator onGenerated={generated} />
      {last && (
        <div className={styles.actions}>
          <span>
            Dernier code :{" "}
            <span className={styles.mono} data-testid="last-code">
              {last}
            </span>
          </span>
          <Button variant="secondary" size="small" onClick={copyLast}>
            Copier le code
          </Button>
        </div>
      )}
      <div className={styles.actions}>
        {flash && (
          <p className={styles.success} role="status">
            <CheckIcon size={18} /> {flash}
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <h3 className={styles.subTitle}>Codes existants</h3>
      {codes.isPending && <p className={styles.loading}>Chargement des codes…</p>}
      {codes.isError && (
        <p className={styles.error} role="alert">
          {failureText("Impossible de charger les codes", codes.error, " : ")}
        </p>
      )}
      {codes.data && (
        <CodeList
          codes={codes.data.codes}
          onError={(t) => {
            showFlash(null);
            setError(t);
          }}
          onDeleted={(t) => {
            setError(null);
            showFlash(t);
          }}
        />
      )}
    </section>
  );
}
