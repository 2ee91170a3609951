import type { CSSProperties, ReactNode } from "react";
import { ProposalCard } from "./proposal-card";
import { QueryState } from "../../../components/query-state";
import type { Viewer } from "../model/roles";
import type { Proposal, ProposalList as ListName } from "./proposals-api";
import { useProposalList } from "./use-proposals";
import styles from "../components/dialogs.module.css";

export interface ListProps {
  viewer: Viewer;
  styleOf(subject: string, type: Proposal["type"]): CSSProperties;
}

/** What a list puts on each card besides the proposal itself. */
export interface CardParts {
  status?: ReactNode;
  note?: ReactNode;
  actions?: ReactNode;
}

interface Props extends ListProps {
  list: ListName;
  /** « Proposée par … » on each card (the author's own lists leave it out). */
  showAuthor?: boolean;
  /** The list's accessible name. */
  label: string;
  /** The failure's sentence (« Impossible de charger … »). */
  errorText: string;
  empty: string;
  children(p: Proposal): CardParts;
}

/** One list of proposals: loading, the failure with « Réessayer », the empty sentence, or the cards. */
export function ProposalsOf({ viewer, styleOf, list, showAuthor, label, errorText, empty, children }: Props) {
  const query = useProposalList(viewer.id, list);
  return (
    <QueryState query={query} errorText={errorText} isEmpty={(l) => l.length === 0} empty={empty}>
      {(proposals) => (
        <ul className={styles.mineList} aria-label={label}>
          {proposals.map((p) => {
            const { actions, ...parts } = children(p);
            return (
              <ProposalCard key={p.id} proposal={p} subjectStyle={styleOf(p.matiere, p.type)} showAuthor={showAuthor} {...parts}>
                {actions}
              </ProposalCard>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}

/** Whether the caller's id is in one of the proposal's state lists (only ever their own). */
export const hasMine = (ids: string[], viewer: Viewer) => ids.includes(viewer.id);
