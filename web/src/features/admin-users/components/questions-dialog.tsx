import { useState, type FormEvent } from "react";
import type { AdminUser } from "@planify/common/schemas/admin";
import { ADMIN_SECRET_QUESTIONS } from "@planify/common/constants/secret-questions";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { SelectField, TextField } from "../../../components/field";
import { failureText } from "../../../lib/failure-text";
import { useFlash } from "../../../lib/use-flash";
import { useUpdateUser, useUserQuestions } from "../api/users-admin-api";
import { questionsProblem } from "../model/user-forms";
import panel from "../../../components/admin-panel.module.css";
import styles from "../admin-users.module.css";
import { deWord } from "@planify/common/format/french";

const OPTIONS = ADMIN_SECRET_QUESTIONS.map((q) => ({ value: q, label: q }));
const blank = () => [0, 1, 2].map(() => ({ question: "", answer: "" }));

/** 'Questions secrètes': shows which questions are set and sets 3 new ones with their answers. */
export function QuestionsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const current = useUserQuestions(user?.id ?? null);
  const update = useUpdateUser();
  const [rows, setRows] = useState(blank);
  const [error, setError] = useState<string | null>(null);
  const [flash, setFlash] = useFlash();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = questionsProblem(rows);
    if (problem || !user) return setError(problem);
    setError(null);
    try {
      await update.mutateAsync({ id: user.id, body: { secretQuestions: rows } });
      setFlash("Questions secrètes enregistrées.");
      setRows(blank());
    } catch (err) {
      setError(failureText("Erreur lors de la mise à jour", err, " : "));
    }
  }

  const set = (i: number, patch: Partial<{ question: string; answer: string }>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const questions = current.data?.secretQuestions ?? [];
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={user ? `Questions secrètes ${deWord(user.username)}` : "Questions secrètes"}
      width={640}
      className={styles.userDialog}
      description="Les réponses sont enregistrées chiffrées (hachées) : personne ne peut les relire. Enregistrer ici remplace les questions et définit de nouvelles réponses."
    >
      <form onSubmit={submit} noValidate className={panel.form}>
        {current.isError && (
          <p className={panel.error} role="alert">
            Erreur lors du chargement des questions
          </p>
        )}
        {current.isSuccess &&
          (questions.length ? (
            <div>
              <p className={panel.muted}>Questions actuelles :</p>
              <ol>
                {questions.map((q) => (
                  <li key={q.question}>{q.question}</li>
                ))}
              </ol>
            </div>
          ) : (
            <p className={panel.muted}>Aucune question définie : ce compte ne peut pas récupérer son mot de passe seul.</p>
          ))}
        {rows.map((row, i) => (
          <fieldset key={i} className={panel.stack}>
            <legend>Question {i + 1}</legend>
            <SelectField
              label="Question"
              options={OPTIONS.filter((o) => o.value === row.question || !rows.some((r) => r.question === o.value))}
              placeholder="Choisir une question…"
              value={row.question}
              onChange={(e) => set(i, { question: e.target.value })}
            />
            <TextField label="Réponse" value={row.answer} onChange={(e) => set(i, { answer: e.target.value })} autoComplete="off" />
          </fieldset>
        ))}
        {error && (
          <p className={panel.error} role="alert">
            {error}
          </p>
        )}
        {flash && (
          <p className={panel.success} role="status">
            {flash}
          </p>
        )}
        <div className={panel.actions}>
          <Button type="submit" disabled={update.isPending}>
            Enregistrer les 3 questions
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Fermer
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
