import { eq } from "drizzle-orm";
import { PROPOSAL_MESSAGES as M } from "@planify/common/constants/proposals";
import type { AppDeps } from "../../deps";
import { taskProposals, taskProposalStates } from "../../db/schema";
import type { Tx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { forbidden, notFound } from "../../lib/errors";
import { assertCanRead, loadPending, statesOf } from "./access";
import { isAuthor } from "./model";
import { announceOwnProposal } from "./live";

type StatePatch = Partial<Pick<typeof taskProposalStates.$inferInsert, "accepted" | "checked" | "archived" | "dismissed">>;

/** Sets one user's own state of a proposal (a row per user and proposal). */
export async function writeState(tx: Tx, userId: string, proposalId: string, patch: StatePatch, at: number): Promise<void> {
  await tx
    .insert(taskProposalStates)
    .values({ proposalId, userId, ...patch, updatedAt: at })
    .onConflictDoUpdate({ target: [taskProposalStates.proposalId, taskProposalStates.userId], set: { ...patch, updatedAt: at } });
}

/** Writes the caller's state if the proposal still waits (a review in between answers the original's 404). */
async function writeIfPending(deps: AppDeps, userId: string, id: string, patch: StatePatch): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const still = await first(tx.select({ status: taskProposals.status }).from(taskProposals).where(eq(taskProposals.id, id)));
    if (still?.status !== "pending") throw notFound(M.notFound);
    await writeState(tx, userId, id, patch, now);
    await announceOwnProposal(tx, now, userId, id);
  });
}

/** POST …/accept: a classmate who sees it takes it into their own list at once (no task, no coins). */
export async function acceptProposal(deps: AppDeps, user: UserRow, id: string): Promise<void> {
  const p = await loadPending(deps.db, id);
  if (isAuthor(user, p)) throw forbidden(M.ownProposal);
  await assertCanRead(deps, user, p);
  await writeIfPending(deps, user.id, id, { accepted: true, dismissed: false });
}

/** POST …/unaccept: drops it from the caller's list again (their check and archive go with it). */
export async function unacceptProposal(deps: AppDeps, user: UserRow, id: string): Promise<void> {
  await loadPending(deps.db, id);
  await writeIfPending(deps, user.id, id, { accepted: false, checked: false, archived: false });
}

export type OwnAction = "check" | "uncheck" | "archive" | "unarchive";
const PATCHES: Record<OwnAction, StatePatch> = {
  check: { checked: true },
  uncheck: { checked: false },
  archive: { archived: true },
  unarchive: { archived: false },
};

/**
 * POST …/check|uncheck|archive|unarchive: the author or those who accepted it, for themselves
 * (no coins: a proposal is not a class task yet). Exams are never checked, as in the original.
 */
export async function ownAction(deps: AppDeps, user: UserRow, id: string, action: OwnAction): Promise<void> {
  const p = await loadPending(deps.db, id);
  if (p.row.type === "exam" && action === "check") throw forbidden(M.examCheck);
  if (p.row.type === "exam" && action === "uncheck") throw forbidden(M.examUncheck);
  const mine = isAuthor(user, p) || (await statesOf(deps.db, user.id, [id])).get(id)?.accepted === true;
  if (!mine) throw forbidden(M.authorOrAccepted);
  await writeIfPending(deps, user.id, id, PATCHES[action]);
}
