import { useState, type FormEvent } from "react";
import { PERSONAL_MESSAGES, PERSONAL_NOTE_MAX } from "@planify/common/constants/personal-tasks";
import { personalDateRange, personalTaskProblem } from "@planify/common/rules/personal-tasks";
import { parisDate } from "@planify/common/time/paris-time";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { errorText } from "../../../lib/api";
import { useSavePersonalMutation } from "../api/task-mutations";
import type { TaskEvent } from "../api/task-types";
import { useFeedback } from "./feedback";
import { SubjectField, TitleField, WhenFields } from "./task-fields";
import styles from "./dialogs.module.css";

interface Props {
  /** The task to edit; null adds a new one. */
  task: TaskEvent | null;
  subjects: string[];
  onClose(): void;
}

/**
 * 'Ajouter une tâche perso' / 'Modifier la tâche perso': title, date, time, an optional
 * subject and a plain-text note. Checked with the same rules as the server; a refusal is shown
 * in the form, which stays open with everything typed.
 */
export function PersonalTaskDialog({ task, subjects, onClose }: Props) {
  const [values, setValues] = useState(() => ({
    titre: task?.titre ?? "",
    date: task?.date ?? "",
    heure: task?.heure.slice(0, 5) ?? "",
    note: task?.note ?? "",
    matiere: task?.matiere ?? "",
  }));
  const [error, setError] = useState<string | null>(null);
  const save = useSavePersonalMutation();
  const feedback = useFeedback();
  const today = parisDate(Date.now());
  const range = personalDateRange(today);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    if (error) setError(null);
    setValues({ ...values, [key]: value });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // An edit may keep a date that has since left the range: the server allows it too.
    const problem = personalTaskProblem(values, today, task?.date);
    if (problem) return setError(problem);
    try {
      await save.mutateAsync({ id: task?.id ?? null, input: { ...values, titre: values.titre.trim() } });
      onClose();
      feedback.success(task ? PERSONAL_MESSAGES.updated : PERSONAL_MESSAGES.created);
    } catch (err) {
      setError(errorText(err, "Erreur lors de l'enregistrement de la tâche perso."));
    }
  };

  const busy = save.isPending;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={task ? "Modifier la tâche perso" : "Ajouter une tâche perso"}
      description="Visible par vous seul ; elle ne rapporte pas de pièces."
      width={560}
    >
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TitleField value={values.titre} onChange={(v) => set("titre", v)} />
        <WhenFields
          date={values.date}
          heure={values.heure}
          onDate={(v) => set("date", v)}
          onTime={(v) => set("heure", v)}
          min={range.min}
          max={range.max}
        />
        <SubjectField value={values.matiere} subjects={subjects} onChange={(v) => set("matiere", v)} optional />
        <label className={styles.field}>
          <span>Note (facultatif)</span>
          <textarea
            className={styles.note}
            rows={4}
            maxLength={PERSONAL_NOTE_MAX}
            value={values.note}
            onChange={(e) => set("note", e.target.value)}
            aria-describedby="personal-note-count"
          />
          <small id="personal-note-count" className={styles.hint}>
            {values.note.length} / {PERSONAL_NOTE_MAX} caractères
          </small>
        </label>
        {error && (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Annuler
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Enregistrement..." : task ? "Enregistrer" : "Ajouter"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
