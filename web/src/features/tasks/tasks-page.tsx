import { useMemo } from "react";
import { usePageTitle } from "../../components/page";
import { useMemberFrame } from "../../lib/member-frame";
import { useSession } from "../../lib/use-session";
import { GuestPage } from "../../components/guest-page";
import { QueryError } from "../../components/query-state";
import { TaskListFrame } from "./components/task-list-frame";
import { TaskListScreen } from "./components/task-list-screen";
import { useTaskList } from "./hooks/use-events";
import type { Viewer } from "./model/roles";
import layout from "./components/task-page.module.css";

/** /devoirs: what the page holds and the login prompt for guests, loading, then the list (or the failure with « Réessayer »). */
export function TasksPage() {
  usePageTitle("Devoirs");
  const session = useSession();
  const user = session?.user;
  const viewer = useMemo<Viewer | null>(
    () =>
      user ? { id: user.id, role: user.role, year: user.year ?? "", groupe: user.groupe ?? "", specialite: user.specialite ?? "" } : null,
    [user],
  );
  const list = useTaskList(viewer?.id ?? null);
  const memberFrame = useMemberFrame();

  if (!viewer && memberFrame) return <TaskListFrame />;
  if (!viewer) {
    return (
      <GuestPage
        title="Liste des devoirs"
        intro="Les devoirs et examens de votre promotion et de votre groupe, au même endroit."
        features={[
          "Vos devoirs et examens triés par date, matière ou type, avec le temps restant",
          "Les tâches en retard signalées, cochées ou archivées en un clic",
          "Les consignes, les pièces jointes et le dépôt de vos rendus",
          "Vos propres tâches perso, visibles par vous seul",
        ]}
        prompt="Connectez-vous pour voir vos devoirs"
      />
    );
  }
  if (list.isLoading) return <TaskListFrame />;
  if (list.failed) {
    return (
      <div className={layout.page}>
        <div className={layout.header}>
          <h1 className={layout.h1}>Liste des devoirs</h1>
        </div>
        <QueryError text="Impossible de charger les devoirs." error={list.error} onRetry={list.retry} retrying={list.retrying} />
      </div>
    );
  }
  return <TaskListScreen viewer={viewer} tasks={list.tasks} older={list.older} />;
}
