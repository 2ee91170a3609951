import { lazy, Suspense, useState } from "react";
import { Dialog } from "../../../components/dialog";
import { Tabs } from "../../../components/tabs";
import { useSubjects } from "../../../lib/subjects/use-subjects";
import { canAuthor, type Viewer } from "../model/roles";
import type { Proposal } from "./proposals-api";
import { BlockedList, ReviewList } from "./review-lists";
import { AcceptedList, FeedList, MyProposals } from "./student-lists";
import { useProposalsLiveUpdates } from "./use-proposal-count";
import styles from "./proposals.module.css";

const ProposeTaskDialog = lazy(() => import("./propose-task-dialog").then((m) => ({ default: m.ProposeTaskDialog })));
const RejectDialog = lazy(() => import("./reject-dialog").then((m) => ({ default: m.RejectDialog })));

interface Props {
  viewer: Viewer;
  subjects: string[];
  onClose(): void;
}

/**
 * « Propositions ». A student: classmates' proposals to take into their list, that list, and
 * their own (waiting, or reviewed with the outcome and reason). A reviewer (delegate, teacher,
 * admin): what waits for review and the accounts stopped from proposing.
 */
export function ProposalsDialog({ viewer, subjects, onClose }: Props) {
  useProposalsLiveUpdates();
  const { styleOf } = useSubjects(viewer);
  const [editing, setEditing] = useState<Proposal | null>(null);
  const [rejecting, setRejecting] = useState<Proposal | null>(null);
  const list = { viewer, styleOf };
  const items = canAuthor(viewer)
    ? [
        { id: "review", label: "Propositions en attente", content: <ReviewList {...list} onReject={setRejecting} onEdit={setEditing} /> },
        { id: "blocked", label: "Personnes bloquées", content: <BlockedList viewer={viewer} /> },
      ]
    : [
        { id: "feed", label: "À découvrir", content: <FeedList {...list} /> },
        { id: "accepted", label: "Ma liste", content: <AcceptedList {...list} /> },
        { id: "mine", label: "Mes propositions", content: <MyProposals {...list} onEdit={setEditing} /> },
      ];
  return (
    <>
      <Dialog open onOpenChange={(o) => !o && onClose()} title="Propositions" width={880}>
        <Tabs items={items} label="Propositions" className={styles.tabs} />
      </Dialog>
      <Suspense fallback={null}>
        {editing && <ProposeTaskDialog viewer={viewer} subjects={subjects} proposal={editing} onClose={() => setEditing(null)} />}
      </Suspense>
      <Suspense fallback={null}>{rejecting && <RejectDialog proposal={rejecting} onClose={() => setRejecting(null)} />}</Suspense>
    </>
  );
}
