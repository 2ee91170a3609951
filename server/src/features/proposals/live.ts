import type { DbOrTx } from "../../db/types";
import { publishLive } from "../../lib/live";
import type { ProposalRow } from "./model";

/**
 * Tells the open screens that a proposal was sent, changed, reviewed or withdrawn: its author,
 * staff, and the students of its year (its classmates' feeds, the year's delegates who review
 * it; the others refetch a feed that does not change and learn nothing).
 */
export async function announceProposal(tx: DbOrTx, at: number, row: Pick<ProposalRow, "id" | "year" | "proposedBy">): Promise<void> {
  await publishLive(
    tx,
    at,
    "proposals",
    { staff: true, users: [row.proposedBy], classes: [{ year: row.year, specialite: "", groups: ["Promo"] }] },
    { proposalId: row.id },
  );
}

/** Only this user's screens (their own feed or list changed: accepted, dismissed, checked). */
export async function announceOwnProposal(tx: DbOrTx, at: number, userId: string, proposalId: string): Promise<void> {
  await publishLive(tx, at, "proposals", { users: [userId] }, { proposalId });
}
