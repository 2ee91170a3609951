import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { HAND_IN_MESSAGES } from "@planify/common/constants/hand-ins";
import { isMarkScale } from "@planify/common/rules/hand-ins";
import type { HandInTaskDto } from "@planify/common/schemas/hand-ins";
import { Button } from "../../../components/button";
import { parisLong } from "../model/paris-format";
import { useTaskMutations } from "../api/use-hand-ins";
import { ActionLine, useAction } from "./action";
import page from "../../../components/page.module.css";
import styles from "./hand-ins.module.css";

/** The task: title, subject, year and groups, deadline, and its editable mark scale. */
export function BoardHeader({ task }: { task: HandInTaskDto }) {
  const m = useTaskMutations(task.id);
  const action = useAction();
  const [scale, setScale] = useState(String(task.markScale));
  useEffect(() => setScale(String(task.markScale)), [task.markScale]);
  const value = Number(scale);
  const valid = isMarkScale(value);
  const save = () => {
    if (valid) void action.run(() => m.scale.mutateAsync(value), HAND_IN_MESSAGES.scaleInvalid);
  };
  return (
    <header className={styles.header}>
      <Link to="/devoirs" className={styles.back}>
        ← Retour aux devoirs
      </Link>
      <p className={page.eyebrow}>Suivi des dépôts</p>
      <h1 className={`${page.title} ${styles.title}`}>{task.titre}</h1>
      <p className={styles.facts}>
        <span>{task.matiere || "Sans matière"}</span>
        <span data-testid="hand-ins-year">{task.year || "Toutes années"}</span>
        <span>{task.groupes.join(", ")}</span>
        <span>Échéance : {parisLong(task.deadline)}</span>
        {!task.submissionEnabled && <span>Dépôt fermé</span>}
      </p>
      <form
        className={styles.scale}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label htmlFor="mark-scale">Barème : /</label>
        <input
          id="mark-scale"
          className={styles.scaleInput}
          inputMode="numeric"
          value={scale}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : "mark-scale-error"}
          onChange={(e) => setScale(e.target.value)}
        />
        <Button type="submit" size="small" variant="secondary" disabled={!valid || value === task.markScale || m.scale.isPending}>
          Enregistrer le barème
        </Button>
        {!valid && (
          <span id="mark-scale-error" className={styles.error}>
            {HAND_IN_MESSAGES.scaleInvalid}
          </span>
        )}
      </form>
      <ActionLine message={action.message} />
    </header>
  );
}
