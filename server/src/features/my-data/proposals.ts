import { asc, eq, inArray } from "drizzle-orm";
import { taskProposalFiles, taskProposalGroups, taskProposals, taskProposalStates } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { withIsoTimes, type JsonField } from "./json-pieces";

/**
 * The person's task proposals (every status, with their groups, the reviewer's reason and the
 * names of their files) and their own states of classmates' proposals (taken, checked,
 * archived, dismissed), for « taches.json ».
 */
export async function proposalsPart(db: DbOrTx, userId: string): Promise<Record<string, JsonField>> {
  const rows = await db.select().from(taskProposals).where(eq(taskProposals.proposedBy, userId)).orderBy(asc(taskProposals.createdAt));
  const ids = rows.map((r) => r.id);
  const groups = ids.length ? await db.select().from(taskProposalGroups).where(inArray(taskProposalGroups.proposalId, ids)) : [];
  const files = ids.length ? await db.select().from(taskProposalFiles).where(inArray(taskProposalFiles.proposalId, ids)) : [];
  const states = await db.select().from(taskProposalStates).where(eq(taskProposalStates.userId, userId));
  return {
    proposals: rows.map(({ proposedBy: _, deadlineAt: __, ...r }) => ({
      ...withIsoTimes(r),
      groupes: groups.filter((g) => g.proposalId === r.id).map((g) => g.groupe),
      files: files
        .filter((f) => f.proposalId === r.id)
        .map((f) => withIsoTimes({ originalName: f.originalName, size: f.size, createdAt: f.createdAt })),
    })),
    proposalStates: states.map(({ userId: _, ...r }) => withIsoTimes(r)),
  };
}
