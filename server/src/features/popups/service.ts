import { and, asc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { popupAcks, popups, users } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { htmlText, sanitizeRichHtml } from "../../lib/sanitize";
import { first } from "../../db/engine";
import { publishLive } from "../../lib/live";

/** Stores an announcement for everyone or for one user, with its HTML sanitised. */
export async function sendPopup(deps: AppDeps, input: { target: "all" | "user"; userId?: string; html: string }, senderId: string) {
  const html = sanitizeRichHtml(input.html, "popup");
  if (!htmlText(html) && !/<img\b/i.test(html)) throw badRequest("Contenu vide");
  let userId: string | null = null;
  if (input.target === "user") {
    if (!input.userId) throw badRequest("ID utilisateur requis");
    if (!(await first(deps.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId))))) {
      throw notFound("Utilisateur introuvable.");
    }
    userId = input.userId;
  }
  const id = newId();
  await deps.db.transaction(async (tx) => {
    await tx.insert(popups).values({
      id,
      html,
      target: input.target,
      userId,
      createdBy: senderId,
      createdAt: deps.now(),
      seq: sql`(SELECT COALESCE(MAX(seq), 0) + 1 FROM popups)`,
    });
    await publishLive(tx, deps.now(), "popup", userId ? { users: [userId] } : { all: true });
  });
  return { id, html };
}

/** The oldest pop-up this user has not acknowledged, their own before those for all. */
export async function popupForUser(deps: AppDeps, userId: string, userCreatedAt: string) {
  return await first(
    deps.db
      .select({ id: popups.id, html: popups.html })
      .from(popups)
      .leftJoin(popupAcks, and(eq(popupAcks.popupId, popups.id), eq(popupAcks.userId, userId)))
      .where(
        and(
          isNull(popupAcks.popupId),
          or(
            eq(popups.userId, userId),
            // Announcements to all reach accounts that existed when they were sent.
            and(eq(popups.target, "all"), gte(popups.createdAt, Date.parse(userCreatedAt))),
          ),
        ),
      )
      .orderBy(sql`CASE WHEN ${popups.userId} = ${userId} THEN 0 ELSE 1 END`, asc(popups.seq)),
  );
}

/** Records that this user has seen the pop-up. Idempotent. */
export async function ackPopup(deps: AppDeps, userId: string, popupId: string) {
  const popup = await first(
    deps.db.select({ id: popups.id, target: popups.target, userId: popups.userId }).from(popups).where(eq(popups.id, popupId)),
  );
  if (!popup || (popup.target === "user" && popup.userId !== userId)) throw notFound("Pop-up introuvable.");
  await deps.db.insert(popupAcks).values({ popupId, userId, ackedAt: deps.now() }).onConflictDoNothing();
}
