import { useState, type FormEvent } from "react";
import type { LoginResponse } from "@planify/common/schemas/users";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { errorText } from "../../lib/api";
import { playSound } from "../../lib/sounds";
import { login, usePasswordSignIn } from "./api/auth-api";
import { FormAlert, PasswordField, TextField } from "./form-parts";
import { SsoButtons } from "./sso-buttons";
import styles from "./auth.module.css";
import { PasswordGate } from "./password-gate";

export const LOGIN_FAILED = "Nom d'utilisateur ou mot de passe incorrect";
export const LOGIN_NETWORK_ERROR = "Erreur réseau - Vérifiez votre connexion internet.";
const FIELDS_REQUIRED = "Veuillez saisir votre nom d'utilisateur et votre mot de passe.";

interface LoginDialogProps {
  open: boolean;
  initialUsername?: string;
  /** A message shown on opening (a refused ENT sign-in). */
  initialError?: string;
  onClose: () => void;
  onForgotPassword: () => void;
  onLoggedIn: (login: LoginResponse, rememberMe: boolean) => void;
}

/**
 * The login popup: credentials, "Rester connecté", link to recovery, then the school's ENT
 * buttons; the ENT buttons first when the school keeps password sign-in for its admins.
 */
export function LoginDialog({ open, onClose, ...rest }: LoginDialogProps) {
  const entFirst = usePasswordSignIn() === "admins";
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Connexion"
      description="Connectez-vous pour retrouver vos devoirs et vos Planify Coins."
    >
      {entFirst && <SsoButtons first />}
      <PasswordGate>
        <LoginForm {...rest} />
      </PasswordGate>
      {!entFirst && <SsoButtons />}
    </Dialog>
  );
}

const stripSpaces = (s: string) => s.replace(/\s+/g, "");

function LoginForm({ initialUsername = "", initialError, onForgotPassword, onLoggedIn }: Omit<LoginDialogProps, "open" | "onClose">) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(true);
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);

  // A message about the previous attempt goes as soon as the user edits the form.
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setError(null);
  };

  const fail = (message: string) => {
    setError(message);
    playSound("error");
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const name = stripSpaces(username);
    const pass = stripSpaces(password);
    if (!name || !pass) return fail(FIELDS_REQUIRED);
    setBusy(true);
    setError(null);
    try {
      onLoggedIn(await login(name, pass, rememberMe), rememberMe);
    } catch (err) {
      fail(errorText(err, LOGIN_FAILED, LOGIN_NETWORK_ERROR));
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Nom d'utilisateur"
        value={username}
        onChange={edit(setUsername)}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={!initialUsername}
        invalid={!!error}
        placeholder="prenom.nom"
      />
      <PasswordField
        label="Mot de passe"
        value={password}
        onChange={edit(setPassword)}
        autoComplete="current-password"
        autoFocus={!!initialUsername}
        invalid={!!error}
      />
      <div className={styles.row}>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
          Rester connecté
        </label>
        <button type="button" className={styles.link} onClick={onForgotPassword}>
          Mot de passe oublié ?
        </button>
      </div>
      <FormAlert message={error} />
      <Button type="submit" block disabled={busy}>
        {busy ? "Connexion…" : "Se connecter"}
      </Button>
    </form>
  );
}
