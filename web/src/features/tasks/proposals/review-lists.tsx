import { PROPOSAL_MESSAGES } from "@planify/common/constants/proposals";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../../../components/button";
import { QueryState } from "../../../components/query-state";
import { useFeedback } from "../components/feedback";
import type { Viewer } from "../model/roles";
import { deleteProposal, fetchBlockedProposers, setProposerBlocked, validateProposal, type Proposal } from "./proposals-api";
import { ProposalsOf, type ListProps } from "./proposal-list";
import { useProposalWrite } from "./use-proposals";
import styles from "../components/dialogs.module.css";

/** « Propositions en attente »: validate (a class task), refuse (with a reason), block the author; an admin may also edit or delete. */
export function ReviewList({ onReject, onEdit, ...props }: ListProps & { onReject(p: Proposal): void; onEdit(p: Proposal): void }) {
  const feedback = useFeedback();
  const validate = useProposalWrite((id: string) => validateProposal(id), { failure: "La validation a échoué.", tasksToo: true });
  const block = useProposalWrite((userId: string) => setProposerBlocked(userId, true), { failure: "Le blocage a échoué." });
  const remove = useProposalWrite((id: string) => deleteProposal(id), { failure: "La suppression a échoué." });
  const busy = validate.busy || block.busy || remove.busy;
  const ask = (title: string, message: string, yes: string) => feedback.confirm({ title, message, yes, no: "Annuler" });
  const blockAuthor = async (p: Proposal) => {
    const who = p.proposedBy.username;
    if (
      await ask("Bloquer l'auteur", `${who} ne pourra plus proposer de tâches et ses propositions en attente seront masquées.`, "Bloquer")
    ) {
      await block.run(p.proposedBy._id, `${who} ne peut plus proposer de tâches.`);
    }
  };
  const deleteIt = async (p: Proposal) => {
    if (await ask("Supprimer la proposition", `Supprimer « ${p.titre} » ? Elle disparaîtra pour tout le monde.`, "Supprimer")) {
      await remove.run(p.id, PROPOSAL_MESSAGES.withdrawn);
    }
  };
  return (
    <ProposalsOf
      {...props}
      list="review"
      showAuthor
      label="Propositions en attente"
      errorText="Impossible de charger les propositions en attente."
      empty="Aucune proposition en attente."
    >
      {(p) => ({
        actions: (
          <>
            <Button size="small" disabled={busy} onClick={() => void validate.run(p.id, "Proposition validée")}>
              Valider
            </Button>
            <Button size="small" variant="danger" disabled={busy} onClick={() => onReject(p)}>
              Refuser
            </Button>
            <Button size="small" variant="secondary" disabled={busy} onClick={() => void blockAuthor(p)}>
              Bloquer l'auteur
            </Button>
            {props.viewer.role === "admin" && (
              <>
                <Button size="small" variant="ghost" disabled={busy} onClick={() => onEdit(p)}>
                  Modifier
                </Button>
                <Button size="small" variant="ghost" disabled={busy} onClick={() => void deleteIt(p)}>
                  Supprimer
                </Button>
              </>
            )}
          </>
        ),
      })}
    </ProposalsOf>
  );
}

/** « Personnes bloquées »: the accounts stopped from proposing (a delegate: their year's), each with « Débloquer ». */
export function BlockedList({ viewer }: { viewer: Viewer }) {
  const query = useQuery({ queryKey: ["proposals", viewer.id, "blocked"], queryFn: fetchBlockedProposers });
  const unblock = useProposalWrite((userId: string) => setProposerBlocked(userId, false), { failure: "Le déblocage a échoué." });
  return (
    <QueryState
      query={query}
      errorText="Impossible de charger les personnes bloquées."
      isEmpty={(l) => l.length === 0}
      empty="Aucune personne bloquée."
    >
      {(users) => (
        <ul className={styles.mineList} aria-label="Personnes bloquées">
          {users.map((u) => (
            <li key={u._id} className={styles.mineCard}>
              <div className={styles.mineHead}>
                <strong>{u.username}</strong>
                <span className={styles.hint}>
                  {u.year} · {u.groupe}
                </span>
              </div>
              <div className={styles.mineActions}>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={unblock.busy}
                  onClick={() => void unblock.run(u._id, `${u.username} peut de nouveau proposer des tâches.`)}
                >
                  Débloquer
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
