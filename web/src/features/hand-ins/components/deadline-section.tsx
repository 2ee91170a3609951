import { useEffect, useState } from "react";
import type { HandInRowDto } from "@planify/common/schemas/hand-ins";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { parisLong } from "../model/paris-format";
import { useStudentMutations } from "../api/use-hand-ins";
import { parisInputs } from "../model/mark-input";
import { ActionLine, useAction } from "./action";
import styles from "./student-panel.module.css";

interface Props {
  taskId: string;
  row: HandInRowDto;
  /** The task's own deadline (the one « Rétablir l'échéance » brings back). */
  taskDeadline: string;
}

/** The student's own deadline: extend it (Paris date and time), restore it, exempt, reopen. */
export function DeadlineSection({ taskId, row, taskDeadline }: Props) {
  const m = useStudentMutations(taskId, row.userId);
  const action = useAction();
  const [when, setWhen] = useState(() => parisInputs(row.deadline));
  // Another student, or the deadline changed elsewhere: the inputs follow.
  useEffect(() => setWhen(parisInputs(row.deadline)), [row.deadline]);
  const busy = m.override.isPending || m.reopen.isPending;
  const current = row.extended ? parisInputs(row.deadline) : null;

  const extend = () =>
    action.run(() => m.override.mutateAsync({ deadline: when, exempt: row.exempt }), "Impossible de prolonger le délai.");
  const restore = () =>
    action.run(() => m.override.mutateAsync({ deadline: null, exempt: row.exempt }), "Impossible de rétablir l'échéance.");
  const exempt = (on: boolean) =>
    action.run(() => m.override.mutateAsync({ deadline: current, exempt: on }), "Impossible de changer la dispense.");
  const reopen = () => action.run(() => m.reopen.mutateAsync(), "Impossible de rouvrir le dépôt.");

  return (
    <section className={styles.section} aria-labelledby="hand-in-deadline">
      <h3 id="hand-in-deadline" className={styles.sectionTitle}>
        Échéance
      </h3>
      <p className={styles.fact}>
        {row.extended ? "Délai prolongé jusqu'au " : "Échéance de la tâche : "}
        <strong>{parisLong(row.deadline)}</strong>
        {row.extended && <span className={styles.muted}> (échéance de la tâche : {parisLong(taskDeadline)})</span>}
      </p>
      <div className={styles.inline}>
        <TextField
          label="Nouvelle date"
          type="date"
          value={when.date}
          onChange={(e) => setWhen({ ...when, date: e.target.value })}
          fieldClassName={styles.dateField}
        />
        <TextField
          label="Heure (Paris)"
          type="time"
          value={when.heure}
          onChange={(e) => setWhen({ ...when, heure: e.target.value })}
          fieldClassName={styles.timeField}
        />
        <Button variant="secondary" disabled={busy || !when.date || !when.heure} onClick={() => void extend()}>
          Prolonger le délai
        </Button>
        {row.extended && (
          <Button variant="ghost" disabled={busy} onClick={() => void restore()}>
            Rétablir l'échéance
          </Button>
        )}
      </div>
      <div className={styles.inline}>
        <label className={styles.switch}>
          <input type="checkbox" checked={row.exempt} disabled={busy} onChange={(e) => void exempt(e.target.checked)} />
          <span>Dispensé (ni dépôt attendu, ni retard)</span>
        </label>
        {!row.open && (
          <Button variant="secondary" disabled={busy} onClick={() => void reopen()}>
            Rouvrir le dépôt
          </Button>
        )}
        {row.open && row.reopened && <span className={styles.muted}>Dépôt rouvert pour cet étudiant.</span>}
      </div>
      <ActionLine message={action.message} />
    </section>
  );
}
