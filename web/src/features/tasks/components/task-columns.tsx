import type { ReactNode } from "react";
import { Button } from "../../../components/button";
import type { TaskEvent } from "../api/task-types";
import type { TabId, TabView } from "../model/task-filters";
import { ArchiveIcon } from "./icons";
import layout from "./task-page.module.css";
import styles from "./task-list.module.css";

interface Props {
  tab: TabId;
  view: TabView;
  renderCard(task: TaskEvent): ReactNode;
  onArchiveAll(): void;
  archiveTools: ReactNode;
}

function Column({
  title,
  count,
  action,
  empty,
  tasks,
  renderCard,
  testId,
}: {
  title: string;
  count: number;
  action?: ReactNode;
  empty: string;
  tasks: TaskEvent[];
  renderCard(t: TaskEvent): ReactNode;
  testId: string;
}) {
  return (
    <section className={layout.column} aria-label={title} data-testid={testId}>
      <div className={layout.columnHead}>
        <h2>
          {title} <span className={styles.count}>{count}</span>
        </h2>
        {action}
      </div>
      {tasks.length === 0 ? <p className={styles.empty}>{empty}</p> : <div className={layout.cards}>{tasks.map(renderCard)}</div>}
    </section>
  );
}

/** The two-column layouts of the task list (completed | to do or late) and the archive view. */
export function TaskColumns({ tab, view, renderCard, onArchiveAll, archiveTools }: Props) {
  if (tab === "archives") {
    return (
      <div className={styles.single}>
        {archiveTools}
        <Column
          title="Tâches archivées"
          count={view.main.length}
          empty="Aucune tâche archivée"
          tasks={view.main}
          renderCard={renderCard}
          testId="column-archives"
        />
      </div>
    );
  }
  const archivable = view.done.some((t) => t.type === "devoir");
  return (
    <div className={layout.columns}>
      <Column
        title="Tâches complétées"
        count={view.done.length}
        empty="Aucune tâche complétée"
        tasks={view.done}
        renderCard={renderCard}
        testId="column-done"
        action={
          <Button size="small" variant="secondary" disabled={!archivable} onClick={onArchiveAll}>
            <ArchiveIcon />
            Tout archiver
          </Button>
        }
      />
      <Column
        title={tab === "retard" ? "En retard" : "À faire"}
        count={view.main.length}
        empty={tab === "retard" ? "Aucune tâche en retard" : "Aucune tâche à faire"}
        tasks={view.main}
        renderCard={renderCard}
        testId={tab === "retard" ? "column-late" : "column-todo"}
      />
    </div>
  );
}
