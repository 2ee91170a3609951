import { and, eq } from "drizzle-orm";
import { PROPOSAL_MESSAGES as M, PROPOSAL_REASON_MAX } from "@planify/common/constants/proposals";
import { isStaff } from "@planify/common/rules/task-permissions";
import type { AppDeps } from "../../deps";
import { taskProposalFiles, taskProposals, taskProposalStates } from "../../db/schema";
import type { Tx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { collapseSpaces } from "../../lib/text";
import { insertProposedTask } from "../tasks";
import { assertCanRead, authorHidden, loadPending } from "./access";
import { removeProposalFiles } from "./files";
import { announceOwnProposal, announceProposal } from "./live";
import { groupsOf, isAuthor, isReviewer, type LoadedProposal } from "./model";
import { writeState } from "./states";

/**
 * Marks a pending proposal reviewed and answers it as it is now, read under the row's lock: its
 * fields and groups after any edit that came first. 404 when another reviewer (two tabs, two
 * delegates) or its author's withdrawal was first; the reviewer is checked again on the row read
 * here (an admin may have moved it to another year); throwing rolls the whole review back.
 */
async function markReviewed(
  tx: Tx,
  user: UserRow,
  id: string,
  now: number,
  set: Partial<typeof taskProposals.$inferInsert>,
): Promise<LoadedProposal> {
  const [row] = await tx
    .update(taskProposals)
    .set({ ...set, reviewedBy: user.id, reviewedAt: now, updatedAt: now })
    .where(and(eq(taskProposals.id, id), eq(taskProposals.status, "pending")))
    .returning();
  if (!row) throw notFound(M.notFound);
  const p = { row, groupes: (await groupsOf(tx, [id])).get(id) ?? [] };
  if (!isReviewer(user, p)) throw forbidden(M.notReviewer);
  await announceProposal(tx, now, row);
  return p;
}

/**
 * POST /events/proposals/{id}/validate: in ONE transaction the proposal becomes a class task of
 * the same id, fields and groups (as read in that transaction), credited to its author; its
 * files become the task's attachments (same stored files) and the checks and archives of those
 * who had taken it into their list carry over. Hand-ins open only when a teacher or admin
 * validates a proposal that asks for them. An author stopped from proposing (or deactivated)
 * cannot see theirs validated: a French 403.
 */
export async function validateProposal(deps: AppDeps, user: UserRow, id: string): Promise<string> {
  const before = await loadPending(deps.db, id);
  if (!isReviewer(user, before)) throw forbidden(M.notReviewer);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { row, groupes } = await markReviewed(tx, user, id, now, { status: "validated" });
    if (await authorHidden(tx, row.proposedBy)) throw forbidden(M.authorBlocked);
    const files = await tx.select().from(taskProposalFiles).where(eq(taskProposalFiles.proposalId, id));
    const states = await tx.select().from(taskProposalStates).where(eq(taskProposalStates.proposalId, id));
    // The files are the task's now (same stored names, same folder): their proposal rows go first.
    await tx.delete(taskProposalFiles).where(eq(taskProposalFiles.proposalId, id));
    await insertProposedTask(tx, now, {
      id: row.id,
      titre: row.titre,
      type: row.type,
      matiere: row.matiere,
      date: row.date,
      heure: row.heure,
      deadlineAt: row.deadlineAt,
      description: row.description,
      specialite: row.specialite,
      groupe: row.groupe,
      groupes,
      year: row.year,
      submissionEnabled: row.submissionEnabled && isStaff(user.role),
      createdBy: row.proposedBy,
      files: files.map((f) => ({ ...f, userId: row.proposedBy })),
      // The author's own check and archive, and those of classmates who accepted it.
      states: states.filter((s) => s.accepted || s.userId === row.proposedBy),
    });
    await tx.update(taskProposals).set({ taskId: row.id }).where(eq(taskProposals.id, id));
  });
  return id;
}

/** A reviewer's reason as plain text: no tags, no control characters, spaces collapsed; null when empty. */
export function cleanReason(raw: string | null | undefined): string | null {
  const text = collapseSpaces((raw ?? "").replace(/<[^>]*>/g, " ").replace(/[\p{Cc}\p{Cf}]/gu, " "));
  if (text.length > PROPOSAL_REASON_MAX) throw badRequest(M.reasonTooLong);
  return text || null;
}

/**
 * POST /events/proposals/{id}/reject. By a reviewer: the proposal is rejected, with the reason
 * its author reads in their history, and its files go. By a classmate (the original's per-user
 * rejectedBy): it only leaves their own feed and list.
 */
export async function rejectProposal(deps: AppDeps, user: UserRow, id: string, reason?: string | null): Promise<"rejected" | "dismissed"> {
  const p = await loadPending(deps.db, id);
  const now = deps.now();
  if (isReviewer(user, p)) {
    const rejectReason = cleanReason(reason);
    await removeProposalFiles(deps, id, async (tx) => {
      await markReviewed(tx, user, id, now, { status: "rejected", rejectReason });
      await tx.delete(taskProposalFiles).where(eq(taskProposalFiles.proposalId, id));
    });
    return "rejected";
  }
  if (!isAuthor(user, p)) await assertCanRead(deps, user, p);
  await deps.db.transaction(async (tx) => {
    const still = await first(tx.select({ status: taskProposals.status }).from(taskProposals).where(eq(taskProposals.id, id)));
    if (still?.status !== "pending") throw notFound(M.notFound);
    await writeState(tx, user.id, id, { dismissed: true, accepted: false, checked: false, archived: false }, now);
    await announceOwnProposal(tx, now, user.id, id);
  });
  return "dismissed";
}
