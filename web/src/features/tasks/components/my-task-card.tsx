import { useState } from "react";
import { Button } from "../../../components/button";
import type { TaskEvent } from "../api/task-types";
import { formatDate, formatTime } from "../model/format";
import { ShortTitle } from "./short-title";
import { isStaff, type Viewer } from "../model/roles";
import { GroupPicker } from "./group-picker";
import styles from "./dialogs.module.css";

interface Props {
  task: TaskEvent;
  viewer: Viewer;
  onApplyGroups(groups: string[]): Promise<void>;
  onEdit(): void;
  onDelete(): void;
  onOpenSubmissions(): void;
}

/** One card of 'Mes tâches créées': group checkboxes + 'Appliquer', edit, delete, hand-ins. */
export function MyTaskCard({ task, viewer, onApplyGroups, onEdit, onDelete, onOpenSubmissions }: Props) {
  const [groups, setGroups] = useState(task.groupes);
  const [busy, setBusy] = useState(false);
  const changed = groups.slice().sort().join() !== task.groupes.slice().sort().join();
  const apply = async () => {
    setBusy(true);
    await onApplyGroups(groups);
    setBusy(false);
  };
  return (
    <li className={styles.mineCard} data-testid="my-task">
      <div className={styles.mineHead}>
        <strong title={task.titre}>
          <ShortTitle title={task.titre} />
        </strong>
        <span className={task.type === "exam" ? styles.typeExam : styles.typeDevoir}>{task.type === "exam" ? "Examen" : "Devoir"}</span>
      </div>
      <p className={styles.hint}>
        {task.matiere} · {formatDate(task.date, "short")} {formatTime(task.heure)}
        {task.year ? ` · ${task.year}` : ""}
        {task.specialite ? ` · ${task.specialite}` : ""}
      </p>
      <GroupPicker value={groups} onChange={setGroups} legend="Groupes" />
      <div className={styles.mineActions}>
        <Button size="small" disabled={!changed || busy} onClick={() => void apply()}>
          Appliquer
        </Button>
        <Button size="small" variant="secondary" onClick={onEdit}>
          Modifier
        </Button>
        <Button size="small" variant="danger" onClick={onDelete}>
          Supprimer
        </Button>
        {isStaff(viewer) && task.submissionEnabled && (
          <Button size="small" variant="ghost" onClick={onOpenSubmissions}>
            Voir le dépôt
          </Button>
        )}
      </div>
    </li>
  );
}
