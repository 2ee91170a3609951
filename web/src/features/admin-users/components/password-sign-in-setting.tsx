import { useState } from "react";
import { Button } from "../../../components/button";
import { failureText } from "../../../lib/failure-text";
import { useSaveSchoolSettings, useSchoolSettings } from "../../../lib/school-settings/school-settings-api";
import panel from "../../../components/admin-panel.module.css";
import styles from "../admin-users.module.css";

/**
 * « Connexion par mot de passe »: the school's switch (school settings). Off for everyone but
 * admins once the ENT is the way in; refused while no ENT provider is enabled.
 */
export function PasswordSignInSetting() {
  const settings = useSchoolSettings();
  const save = useSaveSchoolSettings();
  const [error, setError] = useState<string | null>(null);
  if (settings.isPending) return null;
  if (settings.isError) {
    return (
      <div className={styles.setting} role="alert">
        <p className={panel.error}>{failureText("Impossible de lire les réglages de connexion", settings.error, " : ")}</p>
        <Button size="small" variant="secondary" onClick={() => void settings.refetch()}>
          Réessayer
        </Button>
      </div>
    );
  }
  const { settings: current, entEnabled } = settings.data;
  const adminsOnly = current.passwordSignIn === "admins";
  async function toggle(next: boolean) {
    setError(null);
    try {
      await save.mutateAsync({ passwordSignIn: next ? "admins" : "all" });
    } catch (err) {
      setError(failureText("Réglage non enregistré", err, " : "));
    }
  }
  return (
    <section className={styles.setting} aria-labelledby="password-sign-in-title">
      <h3 id="password-sign-in-title" className={styles.settingTitle}>
        Connexion par mot de passe
      </h3>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={adminsOnly}
          checked={adminsOnly}
          disabled={save.isPending || (!entEnabled && !adminsOnly)}
          onChange={(e) => void toggle(e.target.checked)}
        />
        <span>Réserver la connexion par mot de passe aux administrateurs</span>
      </label>
      <p className={panel.muted}>
        {entEnabled
          ? "Activé, les élèves et les profs se connectent uniquement avec le bouton « Connexion ENT » ; leur « Mot de passe oublié » est aussi coupé. Les administrateurs gardent leur mot de passe, pour entrer même quand l'ENT est en panne."
          : "Disponible une fois une connexion ENT activée : sans elle, élèves et profs ne pourraient plus se connecter."}
      </p>
      {error && (
        <p className={panel.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
