import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { ssoIdentities } from "../../db/schema";
import { first } from "../../db/engine";
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
export async function untieIdentity(deps: AppDeps, actor: UserRow, id: string, providerId: string) {
  const user = await getUser(deps, id);
  const label = (await entProviderNames(deps)).find((p) => p.id === providerId)?.label ?? providerId;
  await deps.db.transaction(async (tx) => {
    const removed = await first(
      tx
        .delete(ssoIdentities)
        .where(and(eq(ssoIdentities.userId, user.id), eq(ssoIdentities.providerId, providerId)))
        .returning({ id: ssoIdentities.id }),
    );
    if (!removed) throw notFound("Ce compte n'est lié à aucune identité de ce fournisseur ENT.");
    await recordAdminAction(tx, actor, {
      action: "user.sso-untie",
      target: user,
      summary: `Identité ENT (${label}) déliée du compte ${user.username}`,
      details: { providerId },
      at: deps.now(),
    });
  });
  return { success: true as const, message: "Identité ENT déliée.", user: await adminUser(deps, user.id) };
}
