import { useState } from "react";
import { groupsLeftAfterRemoving, reachedGroups } from "@planify/common/rules/task-groups";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import type { TaskEvent } from "../api/task-types";
import { canHardDelete, type Viewer } from "../model/roles";
import styles from "./dialogs.module.css";

interface Props {
  viewer: Viewer;
  task: TaskEvent;
  onClose(): void;
  /** `groups`: the groups the task is removed for (all of them: deleted for everyone). */
  onConfirm(task: TaskEvent, mode: { hard: boolean; groups?: string[] }): Promise<boolean>;
}

/**
 * 'Confirmation de suppression'. The creator (or an admin) chooses the groups to remove the task
 * from, a Promo task offering each group of the promo: all of them deletes it for everyone,
 * fewer keeps it for the others. Anyone else removes it for themselves.
 */
export function DeleteTaskDialog({ viewer, task, onClose, onConfirm }: Props) {
  const personal = task.personal === true;
  const hard = canHardDelete(task);
  const offered = reachedGroups(task.groupes);
  const [chosen, setChosen] = useState<string[]>(offered);
  const [busy, setBusy] = useState(false);
  const keep = groupsLeftAfterRemoving(task.groupes, chosen);
  const confirm = async () => {
    setBusy(true);
    const ok = await onConfirm(task, hard ? { hard: true, groups: keep.length ? chosen : undefined } : { hard: false });
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()} title="Confirmation de suppression" width={440}>
      <p className={styles.confirmText}>Êtes-vous sûr de vouloir supprimer cette tâche ?</p>
      <p className={styles.hint}>
        <strong>{task.titre}</strong>
        {task.matiere ? ` · ${task.matiere}` : ""}
      </p>
      {hard && offered.length > 1 && (
        <fieldset className={styles.groups}>
          <legend>Supprimer pour les groupes</legend>
          {offered.map((g) => (
            <label key={g} className={styles.chip} data-checked={chosen.includes(g)}>
              <input
                type="checkbox"
                checked={chosen.includes(g)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, g] : chosen.filter((x) => x !== g))}
              />
              {g}
            </label>
          ))}
        </fieldset>
      )}
      <p className={styles.hint}>
        {personal
          ? "Cette tâche perso sera supprimée définitivement."
          : !hard
            ? "La tâche sera retirée de votre liste uniquement."
            : keep.length
              ? `La tâche restera visible pour : ${keep.join(", ")}.`
              : "La tâche sera supprimée pour tout le monde, avec ses fichiers."}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Non
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={busy || (hard && chosen.length === 0)}>
          Oui
        </Button>
      </div>
    </Dialog>
  );
}
