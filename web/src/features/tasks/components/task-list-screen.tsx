import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Button } from "../../../components/button";
import { TabPanel, TabsRoot } from "../../../components/tabs";
import { useSubjects } from "../../../lib/subjects/use-subjects";
import type { TaskEvent } from "../api/task-types";
import { useNow } from "../../../lib/use-now";
import { reportQuest } from "../../../lib/quest-report";
import { useSeenMarkers } from "../hooks/use-seen-markers";
import { useTaskActions } from "../hooks/use-task-actions";
import { usePendingChecks } from "../hooks/use-pending-checks";
import { canAuthor, canClearLate, canHardDelete, hasStaffFilters, showsLateTab, type Viewer } from "../model/roles";
import { applyFilters, isLate, NO_FILTERS, viewFor, type ListFilters, type TabId } from "../model/task-filters";
import { markTypeSeen } from "../model/seen-markers";
import { ArchiveTools } from "./archive-tools";
import { useFeedback } from "./feedback";
import { ListIcon, PlusIcon } from "./icons";
import { TaskCard } from "./task-card";
import { TaskColumns } from "./task-columns";
import { TaskFilterBar } from "./task-filter-bar";
import { TaskTabs } from "./task-tabs";
import { OlderTasksButton, type OlderTasks } from "./older-tasks-button";
import { ProposalButtons } from "../proposals/proposal-buttons";
import layout from "./task-page.module.css";
import styles from "./task-list.module.css";

const AddTaskDialog = lazy(() => import("./add-task-dialog").then((m) => ({ default: m.AddTaskDialog })));
const EditTaskDialog = lazy(() => import("./edit-task-dialog").then((m) => ({ default: m.EditTaskDialog })));
const TaskDetailsDialog = lazy(() => import("./task-details-dialog").then((m) => ({ default: m.TaskDetailsDialog })));
const DeleteTaskDialog = lazy(() => import("./delete-task-dialog").then((m) => ({ default: m.DeleteTaskDialog })));
const PersonalTaskDialog = lazy(() => import("./personal-task-dialog").then((m) => ({ default: m.PersonalTaskDialog })));
const MyTasksDialog = lazy(() => import("./my-tasks-dialog").then((m) => ({ default: m.MyTasksDialog })));

/** The daily quests opening a tab completes (lib/quest-report). */
const TAB_QUESTS: Partial<Record<TabId, string>> = { archives: "tasks-archives", examens: "tab-exams-open", retard: "tab-retards-open" };

interface Props {
  viewer: Viewer;
  tasks: TaskEvent[];
  older?: OlderTasks;
}

/** 'Liste des devoirs': top buttons, tabs, filters, columns and every popup. */
export function TaskListScreen({ viewer, tasks: loaded, older }: Props) {
  const now = useNow();
  // Checks not confirmed by the server yet (made offline) show as the user left them.
  const pending = usePendingChecks(viewer.id);
  const tasks = useMemo(
    () => (pending.size ? loaded.map((t) => (pending.has(t.id) ? { ...t, checked: pending.get(t.id)! } : t)) : loaded),
    [loaded, pending],
  );
  const [tab, setTab] = useState<TabId>("date");
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const [adding, setAdding] = useState(false);
  const [showMine, setShowMine] = useState(false);
  const [detailsOf, setDetailsOf] = useState<TaskEvent | null>(null);
  const [editing, setEditing] = useState<TaskEvent | null>(null);
  /** The personal task dialog: "new" to add one, a task to edit it. */
  const [personal, setPersonal] = useState<TaskEvent | "new" | null>(null);
  const [deleting, setDeleting] = useState<TaskEvent | null>(null);
  const subjects = useSubjects(viewer);
  const seen = useSeenMarkers();
  const actions = useTaskActions(viewer);
  const staff = hasStaffFilters(viewer);

  useEffect(() => {
    if (tab === "examens") markTypeSeen("exam");
    if (tab === "devoirs") markTypeSeen("devoir");
    reportQuest(TAB_QUESTS[tab] ?? "devoirs");
  }, [tab]);

  const filtered = useMemo(() => applyFilters(tasks, filters), [tasks, filters]);
  const view = useMemo(() => viewFor(tab, filtered, now), [tab, filtered, now]);
  const late = useMemo(() => filtered.filter((t) => isLate(t, now)), [filtered, now]);
  const subjectNames = useMemo(
    () => [...new Set([...subjects.names, ...tasks.map((t) => t.matiere).filter(Boolean)])].sort((a, b) => a.localeCompare(b, "fr")),
    [subjects.names, tasks],
  );
  const details = detailsOf ? (tasks.find((t) => t.id === detailsOf.id) ?? detailsOf) : null;

  const open = (t: TaskEvent) => {
    seen.mark(t.id);
    setDetailsOf(t);
    reportQuest("task-info-1", { taskId: t.id });
  };

  // /devoirs?tache=<id> (Planify Desktop's planify://devoirs/<id> links) opens that task once.
  const [params, setParams] = useSearchParams();
  const linked = params.get("tache");
  const feedback = useFeedback();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link, not on each list refresh
  useEffect(() => {
    if (!linked) return;
    const target = tasks.find((t) => t.id === linked);
    if (target) open(target);
    else feedback.error("Ce devoir n'existe plus ou ne vous concerne pas.");
    setParams(
      (p) => {
        p.delete("tache");
        return p;
      },
      { replace: true },
    );
  }, [linked]);

  const renderCard = (t: TaskEvent) => (
    <TaskCard
      key={t.id}
      task={t}
      tab={tab}
      now={now}
      isNew={!t.personal && !seen.isSeen(t.id)}
      syncPending={pending.has(t.id)}
      showYear={hasStaffFilters(viewer)}
      subjectStyle={subjects.styleOf(t.matiere, t.type)}
      canDelete={t.personal === true || canHardDelete(t) || t.checked || t.archived || isLate(t, now)}
      onOpen={() => open(t)}
      onToggle={() => void actions.toggleCheck(t)}
      onDelete={() => setDeleting(t)}
      onArchive={() => void actions.archive([t], false)}
      onUnarchive={() =>
        void actions.unarchive([t], {
          single: true,
          title: "Désarchiver",
          message: `Désarchiver « ${t.titre} » ? Elle sera décochée et retirée de votre liste.`,
        })
      }
    />
  );

  return (
    <div className={layout.page}>
      <div className={layout.header}>
        <div>
          <h1 className={layout.h1}>Liste des devoirs</h1>
          {late.length > 0 && showsLateTab(viewer) && (
            <p className={styles.lateCounter} data-testid="late-counter">
              {late.length} tâche{late.length > 1 ? "s" : ""} en retard
            </p>
          )}
        </div>
        <div className={layout.topButtons}>
          {canAuthor(viewer) && (
            <Button onClick={() => setAdding(true)}>
              <PlusIcon />
              Ajouter une tâche
            </Button>
          )}
          <ProposalButtons viewer={viewer} subjects={subjects.names} />
          <Button variant="secondary" onClick={() => setPersonal("new")}>
            <PlusIcon />
            Ajouter une tâche perso
          </Button>
          {canAuthor(viewer) && (
            <Button variant="secondary" onClick={() => setShowMine(true)}>
              <ListIcon />
              Voir les tâches
            </Button>
          )}
          {canClearLate(viewer) && tab === "retard" && (
            <Button variant="danger" disabled={!late.length} onClick={() => void actions.clearLate(late)}>
              Vider les retards
            </Button>
          )}
        </div>
      </div>
      <TabsRoot value={tab} onValueChange={(v) => setTab(v as TabId)} className={styles.tabsRoot}>
        <div className={layout.toolbar}>
          <TaskTabs tab={tab} onChange={setTab} showLate={showsLateTab(viewer)} lateCount={late.length} />
          <TaskFilterBar filters={filters} onChange={setFilters} subjects={subjectNames} staff={staff} />
        </div>
        <TabPanel value={tab}>
          {tasks.length === 0 ? (
            <p className={styles.state}>Aucun devoir trouvé</p>
          ) : (
            <TaskColumns
              tab={tab}
              view={view}
              renderCard={renderCard}
              onArchiveAll={() => void actions.archive(view.done, true)}
              archiveTools={
                <ArchiveTools
                  archived={view.main}
                  subjects={subjectNames}
                  onUnarchiveAll={(list) =>
                    void actions.unarchive(list, {
                      title: "Tout désarchiver",
                      message: `Désarchiver ${list.length} tâche(s) ? Elles seront décochées et retirées de votre liste.`,
                    })
                  }
                  onClear={(list, label) =>
                    void actions.unarchive(list, {
                      title: "Vider les archives",
                      message: `Vider les archives (${label}) : ${list.length} tâche(s) ?`,
                    })
                  }
                />
              }
            />
          )}
        </TabPanel>
      </TabsRoot>
      {older && <OlderTasksButton older={older} />}
      {/* One boundary per lazy dialog: a dialog still loading must not hide (and blur) the
          one already open below it, or focus could not return to its opener. */}
      <Suspense fallback={null}>
        {adding && <AddTaskDialog viewer={viewer} subjects={subjects.names} onClose={() => setAdding(false)} />}
      </Suspense>
      <Suspense fallback={null}>
        {showMine && (
          <MyTasksDialog
            viewer={viewer}
            subjects={subjectNames}
            onClose={() => setShowMine(false)}
            onEdit={setEditing}
            onDelete={setDeleting}
            onOpen={setDetailsOf}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {personal && (
          <PersonalTaskDialog task={personal === "new" ? null : personal} subjects={subjects.names} onClose={() => setPersonal(null)} />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {editing && <EditTaskDialog viewer={viewer} task={editing} subjects={subjects.names} onClose={() => setEditing(null)} />}
      </Suspense>
      <Suspense fallback={null}>
        {deleting && <DeleteTaskDialog viewer={viewer} task={deleting} onClose={() => setDeleting(null)} onConfirm={actions.remove} />}
      </Suspense>
      <Suspense fallback={null}>
        {details && (
          <TaskDetailsDialog
            viewer={viewer}
            task={details}
            onClose={() => setDetailsOf(null)}
            onEdit={(t) => (t.personal ? setPersonal(t) : setEditing(t))}
            onDelete={setDeleting}
          />
        )}
      </Suspense>
    </div>
  );
}
