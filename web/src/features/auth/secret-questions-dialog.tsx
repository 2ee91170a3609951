import { useId, useState, type FormEvent } from "react";
import { SECRET_QUESTION_ROWS } from "@planify/common/constants/limits";
import type { LoginResponse } from "@planify/common/schemas/users";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { ApiError } from "../../lib/api";
import { useSaveSecretQuestionsMutation } from "./api/auth-api";
import { FormAlert } from "./form-parts";
import { InfoIcon } from "./icons";
import { optionsForRow, questionsToSend, validateQuestionRows, type QuestionRow } from "./secret-questions-rules";
import styles from "./auth.module.css";

const SAVE_FAILED = "Erreur lors de la sauvegarde des questions secrètes";
const SAVE_NETWORK_ERROR = "Erreur réseau lors de la sauvegarde";

interface SecretQuestionsDialogProps {
  /** The login waiting for its questions; null when the popup is closed. */
  login: LoginResponse | null;
  onSaved: () => void;
  /** Closing without saving cancels the login. */
  onCancel: () => void;
}

/** The forced secret-questions setup after a login without questions. */
export function SecretQuestionsDialog({ login, onSaved, onCancel }: SecretQuestionsDialogProps) {
  return (
    <Dialog
      open={login !== null}
      onOpenChange={(o) => !o && onCancel()}
      width={620}
      title="Sécurisez votre compte"
      description="Choisissez une à trois questions secrètes : elles vous permettront de retrouver votre compte si vous oubliez votre mot de passe."
    >
      {login && <SetupForm login={login} onSaved={onSaved} />}
    </Dialog>
  );
}

function QuestionRowFields({ index, rows, onChange }: { index: number; rows: QuestionRow[]; onChange: (row: QuestionRow) => void }) {
  const id = useId();
  const row = rows[index]!;
  return (
    <fieldset className={styles.questionRow}>
      <legend className="visually-hidden">Question {index + 1}</legend>
      <span className={styles.rowNumber} aria-hidden>
        {index + 1}
      </span>
      <label className="visually-hidden" htmlFor={`${id}-q`}>
        Question secrète {index + 1}
      </label>
      <select
        id={`${id}-q`}
        className={styles.select}
        value={row.question}
        onChange={(e) => onChange({ question: e.target.value, answer: e.target.value ? row.answer : "" })}
      >
        <option value="">Choisir une question…</option>
        {optionsForRow(rows, index).map((q) => (
          <option key={q} value={q}>
            {q}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-a`}>
        Réponse {index + 1}
      </label>
      <input
        id={`${id}-a`}
        className={styles.input}
        value={row.answer}
        autoComplete="off"
        disabled={!row.question}
        placeholder={row.question ? "Votre réponse" : "Choisissez d'abord une question"}
        onChange={(e) => onChange({ ...row, answer: e.target.value })}
      />
    </fieldset>
  );
}

function SetupForm({ login, onSaved }: { login: LoginResponse; onSaved: () => void }) {
  const [rows, setRows] = useState<QuestionRow[]>(() => Array.from({ length: SECRET_QUESTION_ROWS }, () => ({ question: "", answer: "" })));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSecretQuestionsMutation();
  // Stays busy after a success: the dialog is about to close.
  const busy = save.isPending || save.isSuccess;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateQuestionRows(rows);
    if (invalid) return setError(invalid);
    setError(null);
    try {
      await save.mutateAsync({ token: login.token, username: login.user.username, rows: questionsToSend(rows) });
      onSaved();
    } catch (err) {
      setError(err instanceof ApiError && err.isNetwork ? SAVE_NETWORK_ERROR : SAVE_FAILED);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {rows.map((_, i) => (
        <QuestionRowFields
          key={i}
          index={i}
          rows={rows}
          onChange={(row) => {
            setRows((list) => list.map((r, j) => (j === i ? row : r)));
            setError(null);
          }}
        />
      ))}
      <div className={styles.notice}>
        <InfoIcon />
        <span>Majuscules et accents ne comptent pas. Fermer cette fenêtre annule la connexion.</span>
      </div>
      <FormAlert message={error} />
      <Button type="submit" block disabled={busy}>
        {busy ? "Enregistrement…" : "Enregistrer et continuer"}
      </Button>
    </form>
  );
}
