import { lazy, Suspense, useMemo, useState } from "react";
import { Button } from "../../../components/button";
import { ADMIN_TASK_EDITOR } from "../../../components/rich-text/editor-constants";
import { useSession } from "../../../lib/use-session";
import { useSubjects } from "../../../lib/subjects/use-subjects";
import { createEvent, updateEvent } from "../api/events-api";
import type { TaskEvent } from "../api/task-types";
import { TaskForm } from "../components/task-form";
import { useTaskList } from "../hooks/use-events";
import { OlderTasksButton } from "../components/older-tasks-button";
import { useTaskSave } from "../hooks/use-task-save";
import { useTaskActions } from "../hooks/use-task-actions";
import type { Viewer } from "../model/roles";
import { initialValues } from "../model/task-validation";
import panel from "../../../components/admin-panel.module.css";
import styles from "./admin-task-panel.module.css";
import { deWord } from "@planify/common/format/french";

const DeleteTaskDialog = lazy(() => import("../components/delete-task-dialog").then((m) => ({ default: m.DeleteTaskDialog })));

const when = (t: TaskEvent) =>
  `${new Date(`${t.date}T12:00:00Z`).toLocaleDateString("fr-FR", { day: "numeric", month: "short", year: "numeric" })} à ${t.heure}`;

/**
 * The dashboard's task form: the left column's subject buttons set the subject; picking a task
 * from the list turns the form into its editor (saving returns to create mode); each task is
 * deleted through the list's confirmation, with its group choice.
 */
export function AdminTaskPanel() {
  const session = useSession();
  const user = session?.user;
  const viewer = useMemo<Viewer | null>(
    () =>
      user ? { id: user.id, role: user.role, year: user.year ?? "", groupe: user.groupe ?? "", specialite: user.specialite ?? "" } : null,
    [user],
  );
  const subjects = useSubjects(viewer);
  const events = useTaskList(viewer?.id ?? null);
  const [subject, setSubject] = useState<string | null>(null);
  const [editing, setEditing] = useState<TaskEvent | null>(null);
  const [values, setValues] = useState(() => (viewer ? initialValues(viewer) : null));
  const [group, setGroup] = useState("Promo");
  const [deleting, setDeleting] = useState<TaskEvent | null>(null);
  const actions = useTaskActions(viewer ?? { id: "", role: "admin", year: "", groupe: "", specialite: "" });

  const reset = (next: string | null, task: TaskEvent | null = null) => {
    if (!viewer) return;
    setEditing(task);
    const base = initialValues(viewer, task);
    setValues(task ? base : { ...base, matiere: next ?? "" });
    setGroup(task?.groupe ?? "Promo");
  };
  const { submit, error, setError, busy } = useTaskSave({
    viewer: viewer ?? { id: "", role: "admin", year: "", groupe: "", specialite: "" },
    mode: editing ? "edit" : "add",
    // The single group is the main one when ticked among several, the only one when none is.
    save: async (input) => {
      const withGroup = { ...input, groupe: input.groupes?.find((g) => g === group) ?? input.groupe };
      return editing ? (await updateEvent(editing.id, withGroup, false)).id : (await createEvent(withGroup)).id;
    },
    failure: "Erreur lors de l'ajout ou modification : le serveur a refusé la tâche.",
    success: editing ? "Tâche modifiée." : "Tâche ajoutée avec succès !",
    onClose: () => reset(subject),
  });
  if (!viewer || !values) return null;

  const pick = (name: string) => {
    setSubject(name);
    if (!editing) setValues({ ...values, matiere: name });
  };
  // The admin's own personal tasks belong to their list, not to the school's task panel.
  const tasks = events.tasks
    .filter((t) => !t.personal && (!subject || t.matiere === subject))
    .sort((a, b) => a.deadline.getTime() - b.deadline.getTime());

  const remove = async (t: TaskEvent, mode: { hard: boolean; groups?: string[] }) => {
    const ok = await actions.remove(t, mode);
    if (ok && editing?.id === t.id && !mode.groups) reset(subject);
    return ok;
  };

  return (
    <section className={panel.panel} aria-labelledby="admin-tasks-title">
      <div className={styles.layout}>
        <nav className={styles.subjects} aria-label="Matières">
          <Button
            size="small"
            variant={subject === null ? "primary" : "secondary"}
            aria-pressed={subject === null}
            onClick={() => {
              setSubject(null);
              if (!editing) setValues({ ...values, matiere: "" });
            }}
          >
            Toutes
          </Button>
          {subjects.names.map((name) => (
            <Button
              key={name}
              size="small"
              variant={subject === name ? "primary" : "secondary"}
              aria-pressed={subject === name}
              onClick={() => pick(name)}
            >
              {name}
            </Button>
          ))}
        </nav>
        <div className={styles.main}>
          <h2 id="admin-tasks-title" className={panel.panelTitle}>
            {editing ? "Modifier la tâche" : "Ajouter une tâche"}
          </h2>
          <TaskForm
            viewer={viewer}
            subjects={subjects.names}
            values={values}
            onChange={setValues}
            error={error}
            onError={setError}
            onSubmit={() => void submit(values.groupes.length ? values : { ...values, groupes: [group] }, [])}
            busy={busy}
            submitLabel={editing ? "Modifier" : "Ajouter"}
            busyLabel={editing ? "Enregistrement..." : "Ajout..."}
            mode={editing ? "edit" : "add"}
            limits={ADMIN_TASK_EDITOR}
            mainGroup={{ value: group, onChange: setGroup }}
          />
          {editing && (
            <div className={panel.actions}>
              <Button variant="ghost" onClick={() => reset(subject)}>
                Annuler la modification
              </Button>
            </div>
          )}
          <h3 className={panel.subTitle}>
            {subject ? `Tâches ${deWord(subject)}` : "Toutes les tâches"} ({tasks.length})
          </h3>
          {!events.isLoading && tasks.length === 0 && <p className={panel.muted}>Aucune tâche pour cette matière.</p>}
          <ul className={panel.list} aria-label="Tâches de la matière">
            {tasks.map((t) => (
              <li key={t.id} className={panel.listItem}>
                <span className={styles.task}>
                  <strong>{t.titre}</strong>
                  <span>
                    {when(t)} · {t.groupes.join(", ") || t.groupe} · {t.year || "Toutes les années"}
                    {t.type === "exam" ? " · Examen" : ""}
                  </span>
                </span>
                <span className={styles.taskActions}>
                  <Button size="small" variant="secondary" onClick={() => reset(subject, t)} aria-label={`Modifier ${t.titre}`}>
                    Modifier
                  </Button>
                  <Button size="small" variant="danger" onClick={() => setDeleting(t)} aria-label={`Supprimer ${t.titre}`}>
                    Supprimer
                  </Button>
                </span>
              </li>
            ))}
          </ul>
          <OlderTasksButton older={events.older} />
        </div>
      </div>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteTaskDialog viewer={viewer} task={deleting} onClose={() => setDeleting(null)} onConfirm={remove} />
        </Suspense>
      )}
    </section>
  );
}
