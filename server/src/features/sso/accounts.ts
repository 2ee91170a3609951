import { and, eq, gt, lte } from "drizzle-orm";
import { SSO_CODE_TTL_MS } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import { ssoIdentities, ssoLoginCodes, users } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { randomToken, sha256 } from "../../lib/ids";
import { type SsoAccounts, type SsoIdentity, type SsoProvider, SsoError } from "./types";

/** The value at a claim path ("preferred_username", "ent.uid"); the first of a list. */
export function claimAt(attributes: Record<string, unknown>, path: string): unknown {
  let value: unknown = attributes;
  for (const part of path.split(".")) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, "").toLowerCase();

/**
 * The account a provider's username names: the username rules of the password login (case,
 * spaces), then without accents when exactly one account matches that way ("lea.martin" at the
 * ENT, « léa.martin » in Planify); two accounts that only differ by accents match neither.
 */
function accountByUsername(deps: AppDeps, accounts: SsoAccounts, username: string): UserRow | undefined {
  const exact = accounts.findUserByUsername(deps, username);
  if (exact) return exact;
  const key = fold(username);
  const matches = deps.db
    .select({ id: users.id, key: users.usernameKey })
    .from(users)
    .all()
    .filter((u) => fold(u.key) === key);
  return matches.length === 1 ? deps.db.select().from(users).where(eq(users.id, matches[0]!.id)).get() : undefined;
}

/**
 * The account of an identity the provider vouched for: the one already tied to it, or the
 * one its username names under the provider's policy, tied now. Ends with a one-time code
 * (its hash stored, valid SSO_CODE_TTL_MS). Tie and code are written in one transaction.
 */
export function signInIdentity(
  deps: AppDeps,
  accounts: SsoAccounts,
  provider: SsoProvider,
  identity: SsoIdentity,
): { user: UserRow; code: string; tied: boolean } {
  const tiedRow = deps.db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.providerId, provider.id), eq(ssoIdentities.subject, identity.subject)))
    .get();
  let user = tiedRow && deps.db.select().from(users).where(eq(users.id, tiedRow.userId)).get();
  const tie = !user;
  if (!user) {
    const username = claimAt(identity.attributes, provider.usernameClaim);
    if (typeof username !== "string" || !username.trim()) throw new SsoError("IDENTIFIANT_ABSENT", provider.usernameClaim);
    user = accountByUsername(deps, accounts, username);
    // "provision" (accounts created at first sign-in) comes with the first sign-in form.
    if (!user) throw new SsoError("COMPTE_INTROUVABLE", `utilisateur=${username.slice(0, 64)}`);
    const other = deps.db
      .select({ subject: ssoIdentities.subject })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.userId, user.id), eq(ssoIdentities.providerId, provider.id)))
      .get();
    if (other) throw new SsoError("IDENTITE_DEJA_LIEE", `utilisateur=${user.username}`);
  }
  const account = user;
  const code = randomToken(32);
  const now = deps.now();
  deps.db.transaction((tx) => {
    if (tie)
      tx.insert(ssoIdentities).values({ providerId: provider.id, subject: identity.subject, userId: account.id, createdAt: now }).run();
    tx.delete(ssoLoginCodes).where(lte(ssoLoginCodes.expiresAt, now)).run();
    tx.insert(ssoLoginCodes)
      .values({ codeHash: sha256(code), userId: account.id, expiresAt: now + SSO_CODE_TTL_MS })
      .run();
  });
  return { user: account, code, tied: tie };
}

/** The account of a one-time code, which is spent; null when unknown, used or expired. */
export function takeLoginCode(deps: AppDeps, code: string): UserRow | null {
  const row = deps.db
    .delete(ssoLoginCodes)
    .where(and(eq(ssoLoginCodes.codeHash, sha256(code)), gt(ssoLoginCodes.expiresAt, deps.now())))
    .returning({ userId: ssoLoginCodes.userId })
    .get();
  return (row && deps.db.select().from(users).where(eq(users.id, row.userId)).get()) ?? null;
}
