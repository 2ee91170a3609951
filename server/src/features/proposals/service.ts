import { and, count, eq, gte } from "drizzle-orm";
import { PROPOSAL_MESSAGES as M, PROPOSALS_PENDING_MAX, PROPOSALS_PER_DAY } from "@planify/common/constants/proposals";
import { TASK_MESSAGES } from "@planify/common/constants/tasks";
import type { ProposalBody, ProposalEditBody } from "@planify/common/schemas/proposals";
import { isStaff } from "@planify/common/rules/task-permissions";
import { nextParisMidnight, parisDate, parisToUtc } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import { taskProposalFiles, taskProposalGroups, taskProposals, users } from "../../db/schema";
import type { Tx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { AppError, badRequest, forbidden, notFound, tooMany } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { classTaskFields } from "../tasks";
import { assertAuthorMayWrite, loadPending, loadProposal } from "./access";
import { removeProposalFiles } from "./files";
import { announceProposal } from "./live";
import { isAuthor, type LoadedProposal } from "./model";

async function countOf(tx: Tx, where: ReturnType<typeof and>): Promise<number> {
  return (await first(tx.select({ n: count() }).from(taskProposals).where(where)))?.n ?? 0;
}

/**
 * Refuses a proposal past the anti-abuse limits, read in the transaction that inserts it (two
 * tabs at once cannot both slip under): an account an admin stopped, PROPOSALS_PER_DAY made a
 * Paris day whatever became of them (withdrawn ones stay as rows for this count),
 * PROPOSALS_PENDING_MAX waiting at once.
 */
async function assertMayPropose(tx: Tx, userId: string, now: number): Promise<void> {
  const me = await first(tx.select({ blocked: users.proposalsBlocked }).from(users).where(eq(users.id, userId)));
  if (me?.blocked) throw forbidden(M.blocked);
  const dayStart = parisToUtc(parisDate(now));
  const today = await countOf(tx, and(eq(taskProposals.proposedBy, userId), gte(taskProposals.createdAt, dayStart)));
  if (today >= PROPOSALS_PER_DAY) throw tooMany(M.dailyLimit, (nextParisMidnight(now) - now) / 1000);
  const waiting = await countOf(tx, and(eq(taskProposals.proposedBy, userId), eq(taskProposals.status, "pending")));
  if (waiting >= PROPOSALS_PENDING_MAX) throw new AppError("RATE_LIMITED", M.pendingLimit);
}

async function writeGroups(tx: Tx, proposalId: string, groups: string[]): Promise<void> {
  await tx.delete(taskProposalGroups).where(eq(taskProposalGroups.proposalId, proposalId));
  await tx.insert(taskProposalGroups).values(groups.map((groupe) => ({ proposalId, groupe })));
}

/**
 * POST /events/proposals: the fields of a task, checked and cleaned as a task's are. A student's
 * proposal is for their own year and never opens hand-ins (a teacher's choice, as for a
 * delegate's task); a teacher or admin who proposes chooses the year.
 */
export async function createProposal(deps: AppDeps, user: UserRow, body: ProposalBody): Promise<LoadedProposal> {
  const staff = isStaff(user.role);
  const year = staff ? body.year : user.year;
  if (!year) throw badRequest(TASK_MESSAGES.yearRequired);
  const { groupes, ...fields } = await classTaskFields(deps, body);
  const id = newId();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await assertMayPropose(tx, user.id, now);
    const row = { id, ...fields, year, submissionEnabled: staff && (body.submissionEnabled ?? false), proposedBy: user.id };
    await tx.insert(taskProposals).values({ ...row, status: "pending", createdAt: now, updatedAt: now });
    await writeGroups(tx, id, groupes);
    await announceProposal(tx, now, row);
  });
  return await loadProposal(deps.db, id);
}

/** The author while it waits, or an admin (the original's dashboard edits them too). */
function assertAuthorOrAdmin(user: UserRow, p: LoadedProposal): void {
  if (!isAuthor(user, p) && user.role !== "admin") throw forbidden(M.authorOrAdmin);
}

/** POST /events/proposals/{id}/update-self: the fields sent change, checked as a task's; the year only by an admin. */
export async function updateProposal(deps: AppDeps, user: UserRow, id: string, body: ProposalEditBody): Promise<LoadedProposal> {
  const p = await loadPending(deps.db, id);
  assertAuthorOrAdmin(user, p);
  assertAuthorMayWrite(user, p);
  const { row } = p;
  const regroup = body.groupes !== undefined || body.groupe !== undefined;
  // What is stored was checked when written: it reads back as a body of the same schema.
  const { groupes, ...fields } = await classTaskFields(deps, {
    titre: body.titre ?? row.titre,
    type: body.type ?? row.type,
    matiere: body.matiere ?? row.matiere,
    date: body.date ?? row.date,
    heure: body.heure ?? row.heure,
    description: body.description ?? row.description,
    specialite: body.specialite ?? (row.specialite as ProposalBody["specialite"]),
    groupes: regroup ? body.groupes : (p.groupes as ProposalBody["groupes"]),
    groupe: body.groupe ?? (row.groupe as ProposalBody["groupe"]),
  });
  const year = user.role === "admin" && body.year ? body.year : row.year;
  const submissionEnabled = isStaff(user.role) && body.submissionEnabled !== undefined ? body.submissionEnabled : row.submissionEnabled;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Reviewed or withdrawn since it was read: nothing is written, the original's 404.
    const changed = await tx
      .update(taskProposals)
      .set({ ...fields, year, submissionEnabled, updatedAt: now })
      .where(and(eq(taskProposals.id, id), eq(taskProposals.status, "pending")))
      .returning({ id: taskProposals.id });
    if (!changed.length) throw notFound(M.notFound);
    await writeGroups(tx, id, groupes);
    // Both years hear of it when an admin moved it.
    await announceProposal(tx, now, { ...row, year });
    if (year !== row.year) await announceProposal(tx, now, row);
  });
  return await loadProposal(deps.db, id);
}

/**
 * DELETE /events/proposals/{id}: the author withdraws it while it waits (or an admin removes
 * it); its files go. The row stays, "withdrawn", out of every list: the daily limit counts it.
 * Reviewed in between: nothing changes, the original's 404.
 */
export async function deleteProposal(deps: AppDeps, user: UserRow, id: string): Promise<LoadedProposal> {
  const p = await loadPending(deps.db, id);
  assertAuthorOrAdmin(user, p);
  const now = deps.now();
  await removeProposalFiles(deps, id, async (tx) => {
    const withdrawn = await tx
      .update(taskProposals)
      .set({ status: "withdrawn", updatedAt: now })
      .where(and(eq(taskProposals.id, id), eq(taskProposals.status, "pending")))
      .returning({ id: taskProposals.id });
    if (!withdrawn.length) throw notFound(M.notFound);
    await tx.delete(taskProposalFiles).where(eq(taskProposalFiles.proposalId, id));
    await announceProposal(tx, now, p.row);
  });
  return p;
}
