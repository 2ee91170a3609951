import { lazy, Suspense, useState } from "react";
import { Button } from "../../../components/button";
import { ListIcon, PlusIcon } from "../components/icons";
import { canAuthor, type Viewer } from "../model/roles";
import { useProposalCount } from "./use-proposal-count";
import styles from "./proposals.module.css";

// The panel and the form are their own chunks: the homework page loads them on the first click.
const ProposalsDialog = lazy(() => import("./proposals-dialog").then((m) => ({ default: m.ProposalsDialog })));
const ProposeTaskDialog = lazy(() => import("./propose-task-dialog").then((m) => ({ default: m.ProposeTaskDialog })));

/**
 * The homework page's proposal buttons: « Proposer une tâche » for a student (where a delegate
 * has « Ajouter une tâche »), and « Propositions » with its count for everyone who reads them.
 */
export function ProposalButtons({ viewer, subjects }: { viewer: Viewer; subjects: string[] }) {
  const reviewer = canAuthor(viewer);
  const count = useProposalCount(viewer.id, reviewer).data ?? 0;
  const [open, setOpen] = useState(false);
  const [proposing, setProposing] = useState(false);
  return (
    <>
      {!reviewer && (
        <Button onClick={() => setProposing(true)}>
          <PlusIcon />
          Proposer une tâche
        </Button>
      )}
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="proposals-button">
        <ListIcon />
        Propositions
        {count > 0 && (
          <span className={styles.badge}>
            {count}
            <span className="visually-hidden">{reviewer ? " en attente" : " à découvrir"}</span>
          </span>
        )}
      </Button>
      <Suspense fallback={null}>{open && <ProposalsDialog viewer={viewer} subjects={subjects} onClose={() => setOpen(false)} />}</Suspense>
      <Suspense fallback={null}>
        {proposing && <ProposeTaskDialog viewer={viewer} subjects={subjects} onClose={() => setProposing(false)} />}
      </Suspense>
    </>
  );
}
