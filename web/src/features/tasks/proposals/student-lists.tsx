import { PROPOSAL_MESSAGES } from "@planify/common/constants/proposals";
import { Button } from "../../../components/button";
import { useFeedback } from "../components/feedback";
import { deleteProposal, rejectProposal, setProposalState, type Proposal, type ProposalAction } from "./proposals-api";
import { hasMine, ProposalsOf, type ListProps } from "./proposal-list";
import { useProposalWrite } from "./use-proposals";
import own from "./proposals.module.css";

const Status = ({ children, status }: { children: string; status?: string }) => (
  <span className={own.status} data-status={status}>
    {children}
  </span>
);

/** The caller's own standing towards a proposal (accept, check, archive and their undoing). */
function useOwnState() {
  const write = useProposalWrite(({ id, action }: { id: string; action: ProposalAction }) => setProposalState(id, action), {
    failure: "L'action n'a pas pu être enregistrée.",
  });
  const act = (p: Proposal, action: ProposalAction, success?: string) => void write.run({ id: p.id, action }, success);
  return { act, busy: write.busy };
}

/** « Retirer de ma liste » (unaccept), on the feed's card and in « Ma liste ». */
function DropButton({ p, state }: { p: Proposal; state: ReturnType<typeof useOwnState> }) {
  return (
    <Button size="small" variant="secondary" disabled={state.busy} onClick={() => state.act(p, "unaccept", "Retirée de votre liste.")}>
      Retirer de ma liste
    </Button>
  );
}

/** « À découvrir »: classmates' proposals, each to take into one's list, drop again, or hide. */
export function FeedList(props: ListProps) {
  const state = useOwnState();
  const hide = useProposalWrite((id: string) => rejectProposal(id), { failure: "La proposition n'a pas pu être masquée." });
  return (
    <ProposalsOf
      {...props}
      list="feed"
      showAuthor
      label="Propositions de la classe"
      errorText="Impossible de charger les propositions."
      empty="Aucune proposition pour l'instant."
    >
      {(p) => {
        const taken = hasMine(p.acceptedBy, props.viewer);
        return {
          status: taken && <Status>Dans ma liste</Status>,
          actions: (
            <>
              {taken ? (
                <DropButton p={p} state={state} />
              ) : (
                <Button size="small" disabled={state.busy} onClick={() => state.act(p, "accept", "Ajoutée à votre liste.")}>
                  Ajouter à ma liste
                </Button>
              )}
              <Button size="small" variant="ghost" disabled={hide.busy} onClick={() => void hide.run(p.id, PROPOSAL_MESSAGES.dismissed)}>
                Masquer
              </Button>
            </>
          ),
        };
      }}
    </ProposalsOf>
  );
}

/** « Ma liste »: the proposals taken in, done or archived for oneself until a reviewer decides. */
export function AcceptedList(props: ListProps) {
  const state = useOwnState();
  return (
    <ProposalsOf
      {...props}
      list="accepted"
      showAuthor
      label="Propositions dans ma liste"
      errorText="Impossible de charger votre liste."
      empty="Aucune proposition dans votre liste. Ajoutez-en depuis « À découvrir »."
    >
      {(p) => {
        const checked = hasMine(p.checkedBy, props.viewer);
        const archived = hasMine(p.archivedBy, props.viewer);
        return {
          status: <Status>{archived ? "Archivée" : "Proposition"}</Status>,
          actions: (
            <>
              {p.type === "devoir" && (
                <label className={own.check}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={state.busy}
                    onChange={() => state.act(p, checked ? "uncheck" : "check")}
                  />
                  Fait
                </label>
              )}
              <Button
                size="small"
                variant="secondary"
                disabled={state.busy}
                onClick={() => state.act(p, archived ? "unarchive" : "archive")}
              >
                {archived ? "Désarchiver" : "Archiver"}
              </Button>
              <DropButton p={p} state={state} />
            </>
          ),
        };
      }}
    </ProposalsOf>
  );
}

/** « Mes propositions »: those waiting (edit, withdraw) and the reviewed ones with their outcome and reason. */
export function MyProposals({ onEdit, ...props }: ListProps & { onEdit(p: Proposal): void }) {
  const feedback = useFeedback();
  const remove = useProposalWrite((id: string) => deleteProposal(id), { failure: "La proposition n'a pas pu être retirée." });
  const withdraw = async (p: Proposal) => {
    const ok = await feedback.confirm({
      title: "Retirer la proposition",
      message: `Retirer « ${p.titre} » ? Elle ne sera plus proposée à la classe.`,
      yes: "Retirer",
      no: "Annuler",
    });
    if (ok) await remove.run(p.id, "Proposition retirée.");
  };
  return (
    <>
      <section className={own.section} aria-labelledby="proposals-pending">
        <h3 id="proposals-pending">En attente de validation</h3>
        <ProposalsOf
          {...props}
          list="mine"
          label="Mes propositions en attente"
          errorText="Impossible de charger vos propositions."
          empty="Aucune proposition en attente."
        >
          {(p) => ({
            status: <Status>En attente</Status>,
            actions: (
              <>
                <Button size="small" variant="secondary" onClick={() => onEdit(p)}>
                  Modifier
                </Button>
                <Button size="small" variant="danger" disabled={remove.busy} onClick={() => void withdraw(p)}>
                  Retirer
                </Button>
              </>
            ),
          })}
        </ProposalsOf>
      </section>
      <section className={own.section} aria-labelledby="proposals-history">
        <h3 id="proposals-history">Déjà examinées</h3>
        <ProposalsOf
          {...props}
          list="history"
          label="Mes propositions examinées"
          errorText="Impossible de charger l'historique de vos propositions."
          empty="Aucune proposition examinée pour l'instant."
        >
          {(p) => ({
            status: <Status status={p.status}>{p.status === "validated" ? "Validée" : "Refusée"}</Status>,
            note: p.status === "rejected" && (
              <p className={own.reason}>{p.rejectReason ? `Motif : ${p.rejectReason}` : "Aucun motif donné."}</p>
            ),
          })}
        </ProposalsOf>
      </section>
    </>
  );
}
