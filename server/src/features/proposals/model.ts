import { and, asc, eq, inArray } from "drizzle-orm";
import type { ProposalDto, ProposalFileDto } from "@planify/common/schemas/proposals";
import { taskProposalFiles, taskProposalGroups, taskProposalStates, type taskProposals, users } from "../../db/schema";
import type { DbOrTx, UserRow } from "../../db/types";
import { insertionOrder } from "../../db/dialect";
import { fileMime } from "../../lib/files";

export type ProposalRow = typeof taskProposals.$inferSelect;
export type ProposalFileRow = typeof taskProposalFiles.$inferSelect;
export type ProposalStateRow = typeof taskProposalStates.$inferSelect;

/** A proposal with its groups, as the rules read it. */
export interface LoadedProposal {
  row: ProposalRow;
  groupes: string[];
}

/** The proposal's author. */
export const isAuthor = (user: UserRow, p: LoadedProposal) => p.row.proposedBy === user.id;

/** Who reviews it: teachers and admins, and the delegates of its year. */
export const isReviewer = (user: UserRow, p: LoadedProposal) =>
  user.role === "prof" || user.role === "admin" || (user.role === "delegue" && user.year === p.row.year);

type Author = Pick<UserRow, "id" | "username" | "groupe" | "year" | "proposalsBlocked">;

const byProposal = <T extends { proposalId: string }>(rows: T[]) => {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(r.proposalId, [...(map.get(r.proposalId) ?? []), r]);
  return map;
};

/** Groups of these proposals, by proposal (one query). */
export async function groupsOf(db: DbOrTx, ids: string[]): Promise<Map<string, string[]>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(taskProposalGroups).where(inArray(taskProposalGroups.proposalId, ids));
  return new Map([...byProposal(rows)].map(([id, list]) => [id, list.map((g) => g.groupe)]));
}

/** Files of these proposals, oldest first, by proposal (one query). */
export async function filesOf(db: DbOrTx, ids: string[]): Promise<Map<string, ProposalFileRow[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(taskProposalFiles)
    .where(inArray(taskProposalFiles.proposalId, ids))
    .orderBy(asc(taskProposalFiles.createdAt), asc(insertionOrder(taskProposalFiles)));
  return byProposal(rows);
}

/** The download of a proposal's file: its own route, which checks the proposal's visibility. */
export const proposalFileUrl = (proposalId: string, storedName: string) => `/api/events/proposals/${proposalId}/files/${storedName}`;

function toFileDto(f: ProposalFileRow, uploadedBy: string): ProposalFileDto {
  return {
    filename: f.storedName,
    url: proposalFileUrl(f.proposalId, f.storedName),
    mime: fileMime(f.ext),
    size: f.size,
    originalname: f.originalName,
    // No uploader column: a proposal's files are its author's (a reviewer's additions too).
    uploadedBy,
    uploadedAt: new Date(f.createdAt).toISOString(),
  };
}

/** The caller's id when a state applies: answers never reveal classmates' states. */
const mineIf = (on: boolean | undefined, callerId: string) => (on ? [callerId] : []);

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toDto(
  p: LoadedProposal,
  files: ProposalFileRow[],
  state: ProposalStateRow | undefined,
  author: Author,
  caller: UserRow,
): ProposalDto {
  const { row } = p;
  const callerId = caller.id;
  // The review (who, why) is the author's and the reviewers' business, never a classmate's.
  const reviewShown = isAuthor(caller, p) || isReviewer(caller, p);
  return {
    _id: row.id,
    id: row.id,
    titre: row.titre,
    date: row.date,
    heure: row.heure,
    groupe: row.groupe,
    groupes: p.groupes,
    type: row.type,
    matiere: row.matiere,
    specialite: row.specialite,
    year: row.year,
    description: row.description,
    submissionEnabled: row.submissionEnabled,
    attachments: files.map((f) => toFileDto(f, row.proposedBy)),
    // The author's own check and archive are theirs like anyone's.
    checkedBy: mineIf(state?.checked, callerId),
    acceptedBy: mineIf(state?.accepted, callerId),
    archivedBy: mineIf(state?.archived, callerId),
    rejectedBy: mineIf(state?.dismissed, callerId),
    proposedBy: {
      _id: author.id,
      username: author.username,
      groupe: author.groupe,
      year: author.year,
      proposalBlocked: author.proposalsBlocked,
    },
    status: row.status,
    reviewedBy: reviewShown ? row.reviewedBy : null,
    reviewedAt: iso(row.reviewedAt),
    createdAt: new Date(row.createdAt).toISOString(),
    rejectReason: reviewShown ? row.rejectReason : null,
    taskId: row.taskId,
  };
}

/** The answers for these proposals, for this caller: four queries whatever their number. */
export async function presentProposals(db: DbOrTx, caller: UserRow, list: LoadedProposal[]): Promise<ProposalDto[]> {
  const ids = list.map((p) => p.row.id);
  if (!ids.length) return [];
  const files = await filesOf(db, ids);
  const states = new Map(
    (
      await db
        .select()
        .from(taskProposalStates)
        .where(and(eq(taskProposalStates.userId, caller.id), inArray(taskProposalStates.proposalId, ids)))
    ).map((s) => [s.proposalId, s]),
  );
  const authorIds = [...new Set(list.map((p) => p.row.proposedBy))];
  const authors = new Map(
    (
      await db
        .select({
          id: users.id,
          username: users.username,
          groupe: users.groupe,
          year: users.year,
          proposalsBlocked: users.proposalsBlocked,
        })
        .from(users)
        .where(inArray(users.id, authorIds))
    ).map((a) => [a.id, a]),
  );
  return list.map((p) => toDto(p, files.get(p.row.id) ?? [], states.get(p.row.id), authors.get(p.row.proposedBy)!, caller));
}

/** One proposal's answer for this caller. */
export async function presentProposal(db: DbOrTx, caller: UserRow, p: LoadedProposal): Promise<ProposalDto> {
  return (await presentProposals(db, caller, [p]))[0]!;
}
