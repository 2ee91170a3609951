import { useState, type FormEvent } from "react";
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from "@planify/common/constants/limits";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { errorText } from "../../lib/api";
import { useRecoveryQuestionsMutation, useResetPasswordMutation, useVerifyAnswersMutation } from "./api/auth-api";
import { FormAlert, PasswordField, TextField } from "./form-parts";
import styles from "./auth.module.css";

const PASSWORDS_DIFFER = "Les deux mots de passe ne correspondent pas.";
const USERNAME_REQUIRED = "Veuillez saisir votre nom d'utilisateur.";
const ANSWERS_REQUIRED = "Veuillez répondre à toutes les questions.";

interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  onBackToLogin: () => void;
  onReset: (username: string, newPassword: string) => void;
}

/** Password recovery in two steps: username and answers, then a new password. */
export function ForgotPasswordDialog({ open, onClose, ...rest }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Mot de passe oublié">
      <RecoveryFlow {...rest} />
    </Dialog>
  );
}

function Steps({ step }: { step: 1 | 2 }) {
  return (
    <div className={styles.steps}>
      <span className={`${styles.step} ${styles.stepDone}`} aria-hidden="true" />
      <span className={`${styles.step} ${step === 2 ? styles.stepDone : ""}`} aria-hidden="true" />
      <span className={styles.stepLabel}>Étape {step} sur 2</span>
    </div>
  );
}

function RecoveryFlow({ onBackToLogin, onReset }: Omit<ForgotPasswordDialogProps, "open" | "onClose">) {
  const [username, setUsername] = useState("");
  const [questions, setQuestions] = useState<string[] | null>(null);
  const [answers, setAnswers] = useState<string[]>([]);
  const [resetToken, setResetToken] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fetchQuestions = useRecoveryQuestionsMutation();
  const verify = useVerifyAnswersMutation();
  const reset = useResetPasswordMutation();
  const busy = fetchQuestions.isPending || verify.isPending || reset.isPending;

  // A message about the previous attempt goes as soon as the user edits the form.
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setError(null);
  };

  async function run(action: () => Promise<void>, fallback: string) {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorText(err, fallback));
    }
  }

  function submitStep1(e: FormEvent) {
    e.preventDefault();
    const name = username.trim();
    if (!name) return setError(USERNAME_REQUIRED);
    if (!questions) {
      return void run(async () => {
        const list = await fetchQuestions.mutateAsync(name);
        setAnswers(list.map(() => ""));
        setQuestions(list);
      }, "Identifiant inconnu");
    }
    if (answers.some((a) => !a.trim())) return setError(ANSWERS_REQUIRED);
    void run(async () => setResetToken(await verify.mutateAsync({ username: name, answers })), "Réponses incorrectes");
  }

  function submitStep2(e: FormEvent) {
    e.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(PASSWORD_TOO_SHORT);
    if (password !== confirm) return setError(PASSWORDS_DIFFER);
    void run(async () => {
      await reset.mutateAsync({ username: username.trim(), newPassword: password, resetToken: resetToken! });
      onReset(username.trim(), password);
    }, "Erreur lors de la réinitialisation");
  }

  if (resetToken) {
    return (
      <form className={styles.form} onSubmit={submitStep2} noValidate>
        <Steps step={2} />
        <p className={styles.hint}>
          Réponses vérifiées. Choisissez un nouveau mot de passe pour <strong>{username.trim()}</strong>.
        </p>
        <PasswordField
          label="Nouveau mot de passe"
          value={password}
          onChange={edit(setPassword)}
          autoComplete="new-password"
          autoFocus
          minLength={PASSWORD_MIN_LENGTH}
        />
        <PasswordField label="Confirmer le mot de passe" value={confirm} onChange={edit(setConfirm)} autoComplete="new-password" />
        <p className={styles.hint}>Au moins {PASSWORD_MIN_LENGTH} caractères.</p>
        <FormAlert message={error} />
        <Button type="submit" block disabled={busy}>
          {busy ? "Enregistrement…" : "Réinitialiser le mot de passe"}
        </Button>
      </form>
    );
  }

  return (
    <form className={styles.form} onSubmit={submitStep1} noValidate>
      <Steps step={1} />
      <TextField
        label="Nom d'utilisateur"
        value={username}
        autoFocus
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        readOnly={!!questions}
        placeholder="prenom.nom"
        onChange={edit((v) => {
          setUsername(v);
          setQuestions(null);
        })}
      />
      {questions && (
        <>
          <p className={styles.hint}>Répondez à vos questions secrètes (majuscules et accents ne comptent pas).</p>
          {questions.map((q, i) => (
            <TextField
              key={q}
              label={q}
              value={answers[i] ?? ""}
              autoFocus={i === 0}
              autoComplete="off"
              onChange={edit((v) => setAnswers((list) => list.map((a, j) => (j === i ? v : a))))}
            />
          ))}
        </>
      )}
      <FormAlert message={error} />
      <Button type="submit" block disabled={busy}>
        {busy ? "Vérification…" : questions ? "Vérifier mes réponses" : "Continuer"}
      </Button>
      <div className={styles.row}>
        {questions ? (
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              setQuestions(null);
              setError(null);
            }}
          >
            Changer d'identifiant
          </button>
        ) : (
          <span />
        )}
        <button type="button" className={styles.link} onClick={onBackToLogin}>
          Retour à la connexion
        </button>
      </div>
    </form>
  );
}
