import { and, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { PROPOSAL_MESSAGES as M } from "@planify/common/constants/proposals";
import type { AppDeps } from "../../deps";
import { taskProposals, taskProposalStates, users } from "../../db/schema";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { forbidden, notFound } from "../../lib/errors";
import { classItemFilter } from "../tasks";
import { groupsOf, isAuthor, isReviewer, type LoadedProposal } from "./model";

/** One proposal with its groups, or the original's 404 (a withdrawn one is gone for everyone). */
export async function loadProposal(db: DbOrTx, id: string): Promise<LoadedProposal> {
  const row = await first(db.select().from(taskProposals).where(eq(taskProposals.id, id)));
  if (!row || row.status === "withdrawn") throw notFound(M.notFound);
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

/** Authors whose proposals no list shows: stopped from proposing, or account deactivated (a graduate). */
const authorShown = and(eq(users.proposalsBlocked, false), isNull(users.deactivatedAt));

/** Whether the author's proposals are out of every list (blocked from proposing or deactivated). */
export async function authorHidden(db: DbOrTx, authorId: string): Promise<boolean> {
  const row = await first(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, authorId), authorShown)),
  );
  return !row;
}

/**
 * Who may read a proposal (its details, its files): its author and its reviewers always;
 * classmates only while it waits and its author may propose (a validated one is the class's
 * task, a rejected one its author's business). Anyone else gets the 404 of a missing one.
 */
export async function assertCanRead(deps: AppDeps, user: UserRow, p: LoadedProposal): Promise<void> {
  if (isAuthor(user, p) || isReviewer(user, p)) return;
  if (p.row.status === "pending" && (await classmateFilter(deps, user))(p) && !(await authorHidden(deps.db, p.row.proposedBy))) return;
  throw notFound(M.notFound);
}

/** An author stopped from proposing cannot change their proposals either (withdrawing stays open). */
export function assertAuthorMayWrite(user: UserRow, p: LoadedProposal): void {
  if (isAuthor(user, p) && user.proposalsBlocked) throw forbidden(M.blocked);
}

/** A classmate's action (accept, dismiss): the proposal is pending and in their feed's reach. */
export async function loadForClassmate(deps: AppDeps, user: UserRow, id: string): Promise<LoadedProposal> {
  const p = await loadPending(deps.db, id);
  if (!isAuthor(user, p)) await assertCanRead(deps, user, p);
  return p;
}

/**
 * Proposals matching `where`, most recent first, with their groups. Those of authors stopped
 * from proposing or deactivated are left out unless `withBlocked` (the author's own list).
 */
export async function proposalsWhere(db: DbOrTx, where: SQL | undefined, opts: { withBlocked?: boolean; limit?: number } = {}) {
  const query = db
    .select({ row: taskProposals })
    .from(taskProposals)
    .innerJoin(users, eq(users.id, taskProposals.proposedBy))
    .where(and(where, opts.withBlocked ? undefined : authorShown))
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
