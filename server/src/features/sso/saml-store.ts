import type { CacheProvider } from "@node-saml/node-saml";
import { and, eq, gt, lte } from "drizzle-orm";
import { SSO_STATE_TTL_MS } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import { first } from "../../db/engine";
import { samlAssertions, samlRequests } from "../../db/schema";
import { SsoError } from "./types";

// What SAML keeps server-side: the AuthnRequests started (the IdP's answer is a cross-site POST
// without our SameSite=Lax state cookie, so InResponseTo finds the request here) and the
// assertion ids already used (no replay).

/**
 * node-saml's request store for one provider, over the saml_requests table: `saveAsync` writes
 * a started request with its `next` and the browser `binding` hash; `getAsync` finds it while it is this provider's and not
 * expired; `removeAsync` spends it, and `taken()` then says whether THIS answer spent it (two
 * answers racing for one request: only one gets the row).
 */
export function samlRequestStore(deps: AppDeps, providerId: string, next = "", binding = "") {
  let taken: { next: string; binding: string } | null = null;
  const store: CacheProvider & { taken(): { next: string; binding: string } | null } = {
    async saveAsync(id, value) {
      const now = deps.now();
      await deps.db.delete(samlRequests).where(lte(samlRequests.expiresAt, now));
      await deps.db.insert(samlRequests).values({ id, providerId, next: `${binding} ${next}`, expiresAt: now + SSO_STATE_TTL_MS });
      return { value, createdAt: now };
    },
    async getAsync(id) {
      const row = await first(
        deps.db
          .select({ id: samlRequests.id })
          .from(samlRequests)
          .where(and(eq(samlRequests.id, id), eq(samlRequests.providerId, providerId), gt(samlRequests.expiresAt, deps.now()))),
      );
      // node-saml compares this instant with its own clock and requestIdExpirationPeriodMs;
      // the expiry that counts is the row's, checked just above against the app's clock.
      return row ? new Date().toISOString() : null;
    },
    async removeAsync(id) {
      if (!id) return null;
      const row = await first(
        deps.db
          .delete(samlRequests)
          .where(and(eq(samlRequests.id, id), eq(samlRequests.providerId, providerId)))
          .returning({ next: samlRequests.next }),
      );
      if (row && !taken) {
        // "<binding hash> <next>" (schema/sso.ts); `next` never holds a space (safeNextPath).
        const space = row.next.indexOf(" ");
        taken = { binding: row.next.slice(0, Math.max(0, space)), next: row.next.slice(space + 1) };
      }
      return row ? id : null;
    },
    taken: () => taken,
  };
  return store;
}

/**
 * Notes an assertion as used until `expiresAtMs` (its NotOnOrAfter plus the skew, on the
 * real clock node-saml judges it by); throws ASSERTION_REJOUEE when it was already.
 */
export async function spendAssertion(deps: AppDeps, providerId: string, assertionId: string, expiresAtMs: number): Promise<void> {
  const now = Date.now();
  await deps.db.delete(samlAssertions).where(lte(samlAssertions.expiresAt, now));
  const inserted = await first(
    deps.db
      .insert(samlAssertions)
      .values({ providerId, assertionId, expiresAt: expiresAtMs })
      .onConflictDoNothing()
      .returning({ id: samlAssertions.assertionId }),
  );
  if (!inserted) throw new SsoError("ASSERTION_REJOUEE", `assertion=${assertionId.slice(0, 80)}`);
}
