import { useMemo, useState } from "react";
import { useParams } from "react-router-dom";
import { GuestPage } from "../../components/guest-page";
import { Page, usePageTitle } from "../../components/page";
import { QueryState } from "../../components/query-state";
import { useSession } from "../../lib/use-session";
import { useHandInTable } from "./api/use-hand-ins";
import { BoardActions } from "./components/board-actions";
import { BoardHeader } from "./components/board-header";
import { CountsBar } from "./components/counts-bar";
import { HandInTable } from "./components/hand-in-table";
import { StudentPanel } from "./components/student-panel";
import { TableToolbar, type TableView } from "./components/table-toolbar";
import { filterRows, sortRows } from "./model/table";
import styles from "./components/hand-ins.module.css";

const isStaff = (role: string | undefined) => role === "prof" || role === "admin";

/** /devoirs/:id/depots: the hand-ins of one task, for profs and admins. */
export function HandInsPage() {
  const { id = "" } = useParams();
  const session = useSession();
  const staff = isStaff(session?.user.role);
  if (!session) {
    return (
      <GuestPage
        title="Suivi des dépôts"
        intro="Les dépôts des étudiants, les délais, les corrections et les notes d'un devoir."
        features={["Qui a rendu, en retard ou non", "Délais prolongés et dispenses", "Commentaires, notes et copies corrigées"]}
        prompt="Connectez-vous pour suivre les dépôts"
      />
    );
  }
  if (!staff) {
    return (
      <Page title="Suivi des dépôts" intro="Cette page est réservée aux professeurs et aux administrateurs.">
        {null}
      </Page>
    );
  }
  return <HandInBoard taskId={id} />;
}

function HandInBoard({ taskId }: { taskId: string }) {
  const table = useHandInTable(taskId, true);
  usePageTitle(table.data ? `Dépôts · ${table.data.task.titre}` : "Suivi des dépôts");
  const [view, setView] = useState<TableView>({ filter: "tous", search: "", sort: "nom", descending: false });
  const [open, setOpen] = useState<string | null>(null);
  const rows = useMemo(
    () => sortRows(filterRows(table.data?.rows ?? [], view.filter, view.search), view.sort, view.descending),
    [table.data, view],
  );
  return (
    <div className={styles.page}>
      <QueryState query={table} errorText="Impossible de charger les dépôts." loading={<BoardSkeleton />}>
        {(data) => (
          <>
            <BoardHeader task={data.task} />
            <CountsBar counts={data.counts} filter={view.filter} onFilter={(filter) => setView({ ...view, filter })} />
            <BoardActions table={data} />
            <TableToolbar view={view} onChange={setView} />
            <HandInTable rows={rows} scale={data.task.markScale} onOpen={setOpen} />
            {open && <StudentPanel taskId={taskId} rows={rows.length ? rows : data.rows} userId={open} onSelect={setOpen} />}
          </>
        )}
      </QueryState>
    </div>
  );
}

/** The board's frame while it loads, the size of the real one (nothing jumps when it arrives). */
function BoardSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-label="Chargement des dépôts">
      <div className={styles.skeletonTitle} />
      <div className={styles.skeletonCounts} />
      <div className={styles.skeletonTable} />
    </div>
  );
}
