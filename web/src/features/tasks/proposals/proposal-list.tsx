import type { CSSProperties, ReactNode } from "react";
import { QueryState } from "../../../components/query-state";
import type { Viewer } from "../model/roles";
import type { Proposal, ProposalList as ListName } from "./proposals-api";
import { useProposalList } from "./use-proposals";
import styles from "../components/dialogs.module.css";

export interface ListProps {
  viewer: Viewer;
  styleOf(subject: string, type: Proposal["type"]): CSSProperties;
}

interface Props {
  viewer: Viewer;
  list: ListName;
  /** The list's accessible name. */
  label: string;
  /** The failure's sentence (« Impossible de charger … »). */
  errorText: string;
  empty: string;
  children(p: Proposal): ReactNode;
}

/** One list of proposals: loading, the failure with « Réessayer », the empty sentence, or the cards. */
export function ProposalsOf({ viewer, list, label, errorText, empty, children }: Props) {
  const query = useProposalList(viewer.id, list);
  return (
    <QueryState query={query} errorText={errorText} isEmpty={(l) => l.length === 0} empty={empty}>
      {(proposals) => (
        <ul className={styles.mineList} aria-label={label}>
          {proposals.map(children)}
        </ul>
      )}
    </QueryState>
  );
}

/** Whether the caller's id is in one of the proposal's state lists (only ever their own). */
export const hasMine = (ids: string[], viewer: Viewer) => ids.includes(viewer.id);
