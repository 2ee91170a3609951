import { PROPOSAL_MESSAGES, PROPOSAL_REASON_MAX } from "@planify/common/constants/proposals";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { rejectProposal, type Proposal } from "./proposals-api";
import { useProposalWrite } from "./use-proposals";
import styles from "../components/dialogs.module.css";

/** « Refuser la proposition »: an optional reason (its author reads it), at most PROPOSAL_REASON_MAX characters. */
export function RejectDialog({ proposal, onClose }: { proposal: Proposal; onClose(): void }) {
  const [reason, setReason] = useState("");
  const reject = useProposalWrite((r: string) => rejectProposal(proposal.id, r.trim() || undefined), {
    failure: "La proposition n'a pas pu être refusée.",
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await reject.run(reason, PROPOSAL_MESSAGES.rejected)) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !reject.busy && onClose()}
      title="Refuser la proposition"
      description={`« ${proposal.titre} », proposée par ${proposal.proposedBy.username}.`}
      width={480}
    >
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <label className={styles.field}>
          <span>Motif (facultatif, lu par l'auteur)</span>
          <textarea
            className={styles.note}
            value={reason}
            maxLength={PROPOSAL_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby="reject-count"
          />
        </label>
        <p id="reject-count" className={styles.hint}>
          {reason.length} / {PROPOSAL_REASON_MAX} caractères
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={reject.busy}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" disabled={reject.busy}>
            Refuser la proposition
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
