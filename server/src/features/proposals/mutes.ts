import { and, asc, eq } from "drizzle-orm";
import { Elysia, t } from "elysia";
import { PROPOSAL_MESSAGES as M } from "@planify/common/constants/proposals";
import { MutedProposersResponse, ProposalDoneResponse } from "@planify/common/schemas/proposals";
import type { AppDeps } from "../../deps";
import { proposalMutes, users } from "../../db/schema";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { badRequest, notFound } from "../../lib/errors";
import { publishLive } from "../../lib/live";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";

const IdParams = t.Object({ id: t.String({ maxLength: 100 }) });

/** The authors this user muted: their proposals stay out of this user's feed. */
export async function mutedAuthors(db: DbOrTx, userId: string): Promise<Set<string>> {
  const rows = await db.select({ id: proposalMutes.mutedId }).from(proposalMutes).where(eq(proposalMutes.userId, userId));
  return new Set(rows.map((r) => r.id));
}

/** GET /users/muted-proposers: whom the caller muted, by name. */
async function mutedList(deps: AppDeps, user: UserRow) {
  return await deps.db
    .select({ _id: users.id, username: users.username })
    .from(proposalMutes)
    .innerJoin(users, eq(users.id, proposalMutes.mutedId))
    .where(eq(proposalMutes.userId, user.id))
    .orderBy(asc(users.username));
}

/**
 * Mutes (or unmutes) an author for the caller alone (the original's mute-proposer): idempotent,
 * an unknown account is 404, oneself is refused. The caller's other tabs refresh their feed.
 */
async function setMuted(deps: AppDeps, user: UserRow, targetId: string, muted: boolean): Promise<void> {
  if (targetId === user.id) throw badRequest(M.muteSelf);
  const target = await first(deps.db.select({ id: users.id }).from(users).where(eq(users.id, targetId)));
  if (!target) throw notFound(M.userNotFound);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (muted) await tx.insert(proposalMutes).values({ userId: user.id, mutedId: targetId, createdAt: now }).onConflictDoNothing();
    else await tx.delete(proposalMutes).where(and(eq(proposalMutes.userId, user.id), eq(proposalMutes.mutedId, targetId)));
    await publishLive(tx, now, "proposals", { users: [user.id] });
  });
}

/** The original's student-side routes of /api/users: mute-proposer, unmute-proposer; and the list of those muted. */
export const muteRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/users", name: "proposal-mutes", seed: deps.instanceId })
    .use(authPlugin(deps))
    .get("/muted-proposers", async ({ user }) => ({ success: true as const, users: await mutedList(deps, user) }), {
      auth: true,
      response: replies({ 200: MutedProposersResponse }),
    })
    .post(
      "/mute-proposer/:id",
      async ({ user, params }) => {
        await setMuted(deps, user, params.id, true);
        return { success: true as const };
      },
      { auth: true, params: IdParams, response: replies({ 200: ProposalDoneResponse }) },
    )
    .post(
      "/unmute-proposer/:id",
      async ({ user, params }) => {
        await setMuted(deps, user, params.id, false);
        return { success: true as const };
      },
      { auth: true, params: IdParams, response: replies({ 200: ProposalDoneResponse }) },
    );
