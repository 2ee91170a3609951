import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { ssoIdentities } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { notFound } from "../../lib/errors";
import { recordAdminAction } from "../../lib/journal";
import { getUser } from "../users";
import { entProviderNames } from "../../lib/ent-providers";
import { adminUser } from "./present";

/**
 * DELETE /users-admin/{id}/sso-identity/{providerId}: unties the account from its identity at
 * that provider (a wrong tie, a student who changed ENT account). The next ENT sign-in of
 * that provider ties again by username. Journaled.
 */
export function untieIdentity(deps: AppDeps, actor: UserRow, id: string, providerId: string) {
  const user = getUser(deps, id);
  const label = entProviderNames(deps).find((p) => p.id === providerId)?.label ?? providerId;
  deps.db.transaction((tx) => {
    const removed = tx
      .delete(ssoIdentities)
      .where(and(eq(ssoIdentities.userId, user.id), eq(ssoIdentities.providerId, providerId)))
      .returning({ id: ssoIdentities.id })
      .get();
    if (!removed) throw notFound("Ce compte n'est lié à aucune identité de ce fournisseur ENT.");
    recordAdminAction(tx, actor, {
      action: "user.sso-untie",
      target: user,
      summary: `Identité ENT (${label}) déliée du compte ${user.username}`,
      details: { providerId },
      at: deps.now(),
    });
  });
  return { success: true as const, message: "Identité ENT déliée.", user: adminUser(deps, user.id) };
}
