import { and, asc, eq } from "drizzle-orm";
import { Elysia, t } from "elysia";
import { PROPOSAL_MESSAGES as M, PROPOSAL_REVIEWER_ROLES } from "@planify/common/constants/proposals";
import { BlockedProposersResponse, BlockProposalsBody, ProposalDoneResponse } from "@planify/common/schemas/proposals";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { recordAdminAction } from "../../lib/journal";
import { publishLive } from "../../lib/live";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";

const IdParams = t.Object({ id: t.String({ maxLength: 100 }) });
const REVIEWERS = [...PROPOSAL_REVIEWER_ROLES];

/** GET /users/blocked-proposers: accounts stopped from proposing (a delegate sees their year's). */
export async function blockedProposers(deps: AppDeps, user: UserRow) {
  const rows = await deps.db
    .select({ _id: users.id, username: users.username, groupe: users.groupe, year: users.year, proposalBlocked: users.proposalsBlocked })
    .from(users)
    .where(and(eq(users.proposalsBlocked, true), user.role === "delegue" ? eq(users.year, user.year) : undefined))
    .orderBy(asc(users.username));
  return rows;
}

/**
 * Stops (or lets again) a student's account from proposing: its pending proposals leave every
 * feed and list at once, and a new one is refused. Delegates act on their own year's students;
 * teachers and admins on any student. Staff accounts are never blocked.
 */
export async function setProposalsBlocked(deps: AppDeps, user: UserRow, targetId: string, blocked: boolean): Promise<void> {
  const target = await first(deps.db.select().from(users).where(eq(users.id, targetId)));
  if (!target) throw notFound(M.userNotFound);
  if (target.role !== "eleve" && target.role !== "delegue") throw badRequest(M.studentsOnly);
  if (user.role === "delegue" && target.year !== user.year) throw forbidden(M.otherYear);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ proposalsBlocked: blocked }).where(eq(users.id, targetId));
    await publishLive(tx, now, "proposals", {
      staff: true,
      users: [targetId],
      classes: [{ year: target.year, specialite: "", groups: ["Promo"] }],
    });
    if (user.role === "admin") {
      await recordAdminAction(tx, user, {
        action: blocked ? "user.proposals-block" : "user.proposals-unblock",
        target: { id: target.id, username: target.username },
        summary: blocked ? `${target.username} ne peut plus proposer de tâches` : `${target.username} peut de nouveau proposer des tâches`,
        at: now,
      });
    }
  });
}

/** The original's proposer routes of /api/users: the blocked list, block and unblock. */
export const proposerRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/users", name: "proposal-blocks", seed: deps.instanceId })
    .use(authPlugin(deps))
    .get("/blocked-proposers", async ({ user }) => ({ success: true as const, users: await blockedProposers(deps, user) }), {
      auth: REVIEWERS,
      response: replies({ 200: BlockedProposersResponse }),
    })
    .post(
      "/:id/block-proposals",
      async ({ user, params }) => {
        await setProposalsBlocked(deps, user, params.id, true);
        return { success: true as const };
      },
      { auth: REVIEWERS, params: IdParams, body: t.Optional(BlockProposalsBody), response: replies({ 200: ProposalDoneResponse }) },
    )
    .post(
      "/:id/unblock-proposals",
      async ({ user, params }) => {
        await setProposalsBlocked(deps, user, params.id, false);
        return { success: true as const };
      },
      { auth: REVIEWERS, params: IdParams, response: replies({ 200: ProposalDoneResponse }) },
    );
