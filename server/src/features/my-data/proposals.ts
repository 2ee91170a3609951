import { asc, eq, inArray } from "drizzle-orm";
import { proposalMutes, taskProposalFiles, taskProposalGroups, taskProposals, taskProposalStates, users } from "../../db/schema";
import type { DbOrTx, UserRow } from "../../db/types";
import { taskFileKey } from "../../lib/task-files";
import { uniqueNames, zipSegment } from "../../lib/zip";
import { withIsoTimes, type JsonField } from "./json-pieces";

type ProposalFileRow = typeof taskProposalFiles.$inferSelect;
/** A file of one of the person's proposals, placed in the archive. */
export interface PlacedProposalFile {
  file: ProposalFileRow;
  /** Its path inside the archive: « propositions/<date titre>/<name> ». */
  path: string;
  key: string;
}

/**
 * The files of the person's proposals still holding some (those waiting for review: a validated
 * one's are its task's, a rejected or withdrawn one's were removed), one folder per proposal,
 * names unique per folder.
 */
export async function placedProposalFiles(db: DbOrTx, userId: string): Promise<PlacedProposalFile[]> {
  const rows = await db
    .select({ file: taskProposalFiles, titre: taskProposals.titre, date: taskProposals.date })
    .from(taskProposalFiles)
    .innerJoin(taskProposals, eq(taskProposals.id, taskProposalFiles.proposalId))
    .where(eq(taskProposals.proposedBy, userId))
    .orderBy(asc(taskProposals.createdAt), asc(taskProposalFiles.createdAt), asc(taskProposalFiles.storedName));
  const ids = [...new Set(rows.map((r) => r.file.proposalId))];
  const label = new Map(rows.map((r) => [r.file.proposalId, zipSegment(`${r.date} ${r.titre}`, "proposition")]));
  const folders = new Map(uniqueNames(ids.map((id) => label.get(id)!)).map((name, i) => [ids[i]!, `propositions/${name}`]));
  const names = new Map(
    ids.map((id) => {
      const own = rows.filter((r) => r.file.proposalId === id).map((r) => zipSegment(r.file.originalName, `fichier.${r.file.ext}`));
      return [id, uniqueNames(own)] as const;
    }),
  );
  return rows.map(({ file }) => ({
    file,
    path: `${folders.get(file.proposalId)}/${names.get(file.proposalId)!.shift()!}`,
    key: taskFileKey({ kind: "attachment", taskId: file.proposalId, storedName: file.storedName }),
  }));
}

/**
 * The person's task proposals (every status, with their groups, the reviewer's reason and their
 * files: name, size and path in the archive), whether they may propose, whom they muted, and
 * their own states of classmates' proposals (taken, checked, archived, dismissed), for « taches.json ».
 */
export async function proposalsPart(db: DbOrTx, user: UserRow, placed: PlacedProposalFile[]): Promise<Record<string, JsonField>> {
  const userId = user.id;
  const rows = await db.select().from(taskProposals).where(eq(taskProposals.proposedBy, userId)).orderBy(asc(taskProposals.createdAt));
  const ids = rows.map((r) => r.id);
  const groups = ids.length ? await db.select().from(taskProposalGroups).where(inArray(taskProposalGroups.proposalId, ids)) : [];
  const states = await db.select().from(taskProposalStates).where(eq(taskProposalStates.userId, userId));
  const muted = await db
    .select({ username: users.username, createdAt: proposalMutes.createdAt })
    .from(proposalMutes)
    .innerJoin(users, eq(users.id, proposalMutes.mutedId))
    .where(eq(proposalMutes.userId, userId))
    .orderBy(asc(users.username));
  return {
    proposals: rows.map(({ proposedBy: _, deadlineAt: __, ...r }) => ({
      ...withIsoTimes(r),
      groupes: groups.filter((g) => g.proposalId === r.id).map((g) => g.groupe),
      files: placed
        .filter((f) => f.file.proposalId === r.id)
        .map(({ file, path }) =>
          withIsoTimes({ originalName: file.originalName, size: file.size, createdAt: file.createdAt, fichier: path }),
        ),
    })),
    proposalsBlocked: user.proposalsBlocked,
    mutedProposers: muted.map(withIsoTimes),
    proposalStates: states.map(({ userId: _, ...r }) => withIsoTimes(r)),
  };
}
