import { and, eq, inArray } from "drizzle-orm";
import { PROPOSAL_HISTORY_MAX } from "@planify/common/constants/proposals";
import type { AppDeps } from "../../deps";
import { taskProposals, taskProposalStates } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { isStaff } from "@planify/common/rules/task-permissions";
import { classmateFilter, proposalsWhere, statesOf } from "./access";
import { isReviewer, type LoadedProposal } from "./model";
import { mutedAuthors } from "./mutes";

const pending = eq(taskProposals.status, "pending");

/** Leaves out what the caller dismissed from their own feed (the original's rejectedBy). */
async function notDismissed(deps: AppDeps, user: UserRow, list: LoadedProposal[]): Promise<LoadedProposal[]> {
  const states = await statesOf(
    deps.db,
    user.id,
    list.map((p) => p.row.id),
  );
  return list.filter((p) => !states.get(p.row.id)?.dismissed);
}

/** GET /events/proposals: what waits for this reviewer (a delegate: their year's). */
export async function reviewerList(deps: AppDeps, user: UserRow): Promise<LoadedProposal[]> {
  const where = user.role === "delegue" ? and(pending, eq(taskProposals.year, user.year)) : pending;
  const list = (await proposalsWhere(deps.db, where)).filter((p) => isReviewer(user, p));
  return await notDismissed(deps, user, list);
}

/** GET /events/proposals/feed: classmates' proposals this user would see as tasks, not their own nor those of authors they muted. */
export async function feed(deps: AppDeps, user: UserRow): Promise<LoadedProposal[]> {
  const where = isStaff(user.role) ? pending : and(pending, eq(taskProposals.year, user.year));
  const sees = await classmateFilter(deps, user);
  const muted = await mutedAuthors(deps.db, user.id);
  const list = (await proposalsWhere(deps.db, where)).filter((p) => sees(p) && !muted.has(p.row.proposedBy));
  return await notDismissed(deps, user, list);
}

/** GET /events/proposals/mine: the caller's proposals waiting for review. */
export const mine = (deps: AppDeps, user: UserRow) =>
  proposalsWhere(deps.db, and(pending, eq(taskProposals.proposedBy, user.id)), { withBlocked: true });

/**
 * GET /events/proposals/mine/history: the caller's reviewed proposals (validated, or rejected
 * with the reason). Those they withdrew themselves are not reviews: left out, as the original
 * (which deleted them) did.
 */
export const history = (deps: AppDeps, user: UserRow) =>
  proposalsWhere(deps.db, and(inArray(taskProposals.status, ["validated", "rejected"]), eq(taskProposals.proposedBy, user.id)), {
    withBlocked: true,
    limit: PROPOSAL_HISTORY_MAX,
  });

/** GET /events/proposals/accepted: pending proposals the caller took into their list, still in their reach. */
export async function accepted(deps: AppDeps, user: UserRow): Promise<LoadedProposal[]> {
  const taken = deps.db
    .select({ id: taskProposalStates.proposalId })
    .from(taskProposalStates)
    .where(and(eq(taskProposalStates.userId, user.id), eq(taskProposalStates.accepted, true)));
  const sees = await classmateFilter(deps, user);
  return (await proposalsWhere(deps.db, and(pending, inArray(taskProposals.id, taken)))).filter(sees);
}
