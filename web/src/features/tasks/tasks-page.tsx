import { useMemo } from "react";
import { usePageTitle } from "../../components/page";
import { useSession } from "../../lib/use-session";
import { LoginPrompt } from "../../components/login-prompt";
import { FeedbackProvider } from "./components/feedback";
import { TaskListScreen } from "./components/task-list-screen";
import { useEvents } from "./hooks/use-events";
import type { Viewer } from "./model/roles";
import styles from "./components/task-list.module.css";

/** /devoirs: login prompt for guests, loading and empty states, then the list (spec 3 §2.2). */
export function TasksPage() {
  usePageTitle("Devoirs");
  const session = useSession();
  const user = session?.user;
  const viewer = useMemo<Viewer | null>(() => (user
    ? { id: user.id, role: user.role, year: user.year ?? "", groupe: user.groupe ?? "", specialite: user.specialite ?? "" }
    : null), [user]);
  const events = useEvents(viewer?.id ?? null);

  if (!viewer) {
    return (
      <main className={styles.page}>
        <h1 className={styles.h1}>Liste des devoirs</h1>
        <p className={styles.state}>Aucun devoir trouvé</p>
        <LoginPrompt message="Connectez-vous pour voir vos devoirs" />
      </main>
    );
  }
  if (events.isLoading) return <main className={styles.page}><p className={styles.state} role="status">Chargement des devoirs...</p></main>;
  return (
    <FeedbackProvider>
      <TaskListScreen viewer={viewer} tasks={events.data ?? []} />
    </FeedbackProvider>
  );
}
