import { useState, type FormEvent } from "react";
import type { LoginResponse } from "@planify/common/schemas/users";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { errorText } from "../../lib/api";
import { chooseFirstPassword } from "./api/auth-api";
import { FormAlert, PasswordField } from "./form-parts";
import styles from "./auth.module.css";

/** The first French problem of the two fields, or null. */
export function firstPasswordProblem(password: string, confirm: string): string | null {
  if (password.length < 8) return "Au moins 8 caractères.";
  if (password !== confirm) return "Les mots de passe ne correspondent pas.";
  return null;
}

/**
 * After the login of an imported account: it chooses its own password before anything else.
 * Closing it cancels the login (no session was kept).
 */
export function FirstPasswordDialog({
  login,
  rememberMe,
  onChosen,
  onCancel,
}: {
  login: LoginResponse | null;
  rememberMe: boolean;
  onChosen: (login: LoginResponse) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = firstPasswordProblem(password, confirm);
    if (problem || !login) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      onChosen(await chooseFirstPassword(login.token, password, rememberMe));
      setPassword("");
      setConfirm("");
    } catch (err) {
      setError(errorText(err, "Impossible d'enregistrer le mot de passe."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={login !== null}
      onOpenChange={(o) => !o && onCancel()}
      width={480}
      title="Choisissez votre mot de passe"
      description="Votre compte a été créé avec un mot de passe provisoire. Choisissez le vôtre pour continuer : le provisoire ne fonctionnera plus."
    >
      <form onSubmit={submit} noValidate className={styles.form}>
        <PasswordField label="Nouveau mot de passe" value={password} onChange={setPassword} autoComplete="new-password" autoFocus />
        <PasswordField label="Confirmer le mot de passe" value={confirm} onChange={setConfirm} autoComplete="new-password" />
        <FormAlert message={error} />
        <Button type="submit" block disabled={busy}>
          {busy ? "Enregistrement…" : "Enregistrer et continuer"}
        </Button>
      </form>
    </Dialog>
  );
}
