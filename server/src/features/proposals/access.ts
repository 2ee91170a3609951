import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { PROPOSAL_MESSAGES as M } from "@planify/common/constants/proposals";
import type { AppDeps } from "../../deps";
import { taskProposals, taskProposalStates, users } from "../../db/schema";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { notFound } from "../../lib/errors";
import { classItemFilter } from "../tasks";
import { groupsOf, type LoadedProposal } from "./model";

/** The proposal's author. */
export const isAuthor = (user: UserRow, p: LoadedProposal) => p.row.proposedBy === user.id;

/** Who reviews it: teachers and admins, and the delegates of its year. */
export const isReviewer = (user: UserRow, p: LoadedProposal) =>
  user.role === "prof" || user.role === "admin" || (user.role === "delegue" && user.year === p.row.year);

/** One proposal with its groups, or the original's 404. */
export async function loadProposal(db: DbOrTx, id: string): Promise<LoadedProposal> {
  const row = await first(db.select().from(taskProposals).where(eq(taskProposals.id, id)));
  if (!row) throw notFound(M.notFound);
  return { row, groupes: (await groupsOf(db, [id])).get(id) ?? [] };
}

/** A proposal still waiting for review, or 404 (the original answers so for a reviewed one too). */
export async function loadPending(db: DbOrTx, id: string): Promise<LoadedProposal> {
  const p = await loadProposal(db, id);
  if (p.row.status !== "pending") throw notFound(M.notFound);
  return p;
}

/**
 * The classmates' rule as a predicate: a task of the proposal's fields would be in their list
 * (the tasks feature's class rule: year, speciality, groups, subjects), and it is not their own.
 */
export async function classmateFilter(deps: AppDeps, user: UserRow): Promise<(p: LoadedProposal) => boolean> {
  const sees = await classItemFilter(deps, user);
  return (p) => !isAuthor(user, p) && sees(p.row, p.groupes);
}

async function authorBlocked(db: DbOrTx, p: LoadedProposal): Promise<boolean> {
  const row = await first(db.select({ blocked: users.proposalsBlocked }).from(users).where(eq(users.id, p.row.proposedBy)));
  return row?.blocked ?? false;
}

/**
 * Who may read a proposal (its details, its files): its author and its reviewers always;
 * classmates while its author may propose. Anyone else gets the 404 of a missing one.
 */
export async function assertCanRead(deps: AppDeps, user: UserRow, p: LoadedProposal): Promise<void> {
  if (isAuthor(user, p) || isReviewer(user, p)) return;
  if ((await classmateFilter(deps, user))(p) && !(await authorBlocked(deps.db, p))) return;
  throw notFound(M.notFound);
}

/** A classmate's action (accept, dismiss): the proposal is pending and in their feed's reach. */
export async function loadForClassmate(deps: AppDeps, user: UserRow, id: string): Promise<LoadedProposal> {
  const p = await loadPending(deps.db, id);
  if (!isAuthor(user, p)) await assertCanRead(deps, user, p);
  return p;
}

/**
 * Proposals matching `where`, most recent first, with their groups. Those of authors stopped
 * from proposing are left out unless `withBlocked` (the author's own list).
 */
export async function proposalsWhere(db: DbOrTx, where: SQL | undefined, opts: { withBlocked?: boolean; limit?: number } = {}) {
  const query = db
    .select({ row: taskProposals })
    .from(taskProposals)
    .innerJoin(users, eq(users.id, taskProposals.proposedBy))
    .where(and(where, opts.withBlocked ? undefined : eq(users.proposalsBlocked, false)))
    .orderBy(desc(taskProposals.createdAt), desc(taskProposals.id));
  const rows = opts.limit ? await query.limit(opts.limit) : await query;
  const groups = await groupsOf(
    db,
    rows.map((r) => r.row.id),
  );
  return rows.map(({ row }): LoadedProposal => ({ row, groupes: groups.get(row.id) ?? [] }));
}

/** The caller's own states of these proposals, by proposal. */
export async function statesOf(db: DbOrTx, userId: string, ids: string[]) {
  if (!ids.length) return new Map<string, typeof taskProposalStates.$inferSelect>();
  const rows = await db
    .select()
    .from(taskProposalStates)
    .where(and(eq(taskProposalStates.userId, userId), inArray(taskProposalStates.proposalId, ids)));
  return new Map(rows.map((s) => [s.proposalId, s]));
}
