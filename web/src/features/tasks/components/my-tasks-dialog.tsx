import { YEARS, TRACKS, TRACK_LABELS } from "@planify/common/constants/school";
import { TASK_MESSAGES } from "@planify/common/constants/tasks";
import { useState } from "react";
import { Dialog } from "../../../components/dialog";
import { errorText } from "../../../lib/api";
import { useSetGroupsMutation } from "../api/task-mutations";
import type { TaskEvent } from "../api/task-types";
import { useMyEvents } from "../hooks/use-events";
import type { Viewer } from "../model/roles";
import { useFeedback } from "./feedback";
import { MyTaskCard } from "./my-task-card";
import styles from "./dialogs.module.css";
import list from "./task-list.module.css";

interface Props {
  viewer: Viewer;
  subjects: string[];
  onClose(): void;
  onEdit(task: TaskEvent): void;
  onDelete(task: TaskEvent): void;
  onOpen(task: TaskEvent): void;
}

/** 'Mes tâches créées': the caller's tasks with subject, year and speciality filters. */
export function MyTasksDialog({ viewer, subjects, onClose, onEdit, onDelete, onOpen }: Props) {
  const feedback = useFeedback();
  const mine = useMyEvents(viewer.id, true);
  const setGroups = useSetGroupsMutation();
  const [subject, setSubject] = useState("");
  const [year, setYear] = useState("");
  const [specialite, setSpecialite] = useState("");
  const tasks = (mine.data ?? []).filter(
    (t) => (!subject || t.matiere === subject) && (!year || t.year === year) && (!specialite || t.specialite === specialite),
  );

  const applyGroups = async (t: TaskEvent, groups: string[]) => {
    if (!groups.length) return feedback.error(TASK_MESSAGES.groupRequired);
    try {
      await setGroups.mutateAsync({ id: t.id, groups });
    } catch (e) {
      feedback.error(errorText(e, "Erreur lors de la mise à jour des groupes."));
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Mes tâches créées" width={760}>
      <div className={list.filters}>
        <label className={list.filter}>
          <span>Matière</span>
          <select value={subject} onChange={(e) => setSubject(e.target.value)}>
            <option value="">Toutes</option>
            {subjects.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className={list.filter}>
          <span>Année</span>
          <select value={year} onChange={(e) => setYear(e.target.value)}>
            <option value="">Toutes</option>
            {YEARS.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className={list.filter}>
          <span>Spécialité</span>
          <select value={specialite} onChange={(e) => setSpecialite(e.target.value)}>
            <option value="">Toutes</option>
            {TRACKS.map((t) => (
              <option key={t} value={t}>
                {TRACK_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {mine.isLoading ? (
        <p className={styles.hint}>Chargement des tâches…</p>
      ) : mine.isError ? (
        <p className={styles.formError}>Impossible de charger vos tâches.</p>
      ) : tasks.length === 0 ? (
        <p className={list.empty}>Aucune tâche créée.</p>
      ) : (
        <ul className={styles.mineList}>
          {tasks.map((t) => (
            <MyTaskCard
              key={`${t.id}-${t.groupes.join()}`}
              task={t}
              viewer={viewer}
              onApplyGroups={(g) => applyGroups(t, g)}
              onEdit={() => onEdit(t)}
              onDelete={() => onDelete(t)}
              onOpenSubmissions={() => onOpen(t)}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
