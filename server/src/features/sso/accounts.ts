import { and, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import { SSO_CODE_TTL_MS } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import { first } from "../../db/engine";
import { ssoIdentities, ssoLoginCodes, users } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { randomToken, sha256 } from "../../lib/ids";
import { recordAdminAction } from "../../lib/journal";
import { collapseSpaces, usernameKey } from "../../lib/text";
import { USERNAME_MAX_LENGTH } from "@planify/common/constants/limits";
import { type SsoAccounts, type SsoIdentity, type SsoProvider, SsoError } from "./types";
import { profileFromAttributes } from "./profile-attributes";

/** The value at a claim path ("preferred_username", "ent.uid"). */
export function claimAt(attributes: Record<string, unknown>, path: string): unknown {
  let value: unknown = attributes;
  for (const part of path.split(".")) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");

/**
 * The role the provider's mapping gives (eduPersonAffiliation, groups, …): a value matches
 * whole or after its SUPANN label ("{UAI:0751717J}student"). Someone with several gets the
 * lesser role (eleve, then prof, then admin); admin only when the school maps a value to it
 * explicitly; nothing maps to delegue (the schema forbids it).
 */
export function mappedRole(provider: SsoProvider, attributes: Record<string, unknown>): "eleve" | "prof" | "admin" | null {
  if (!provider.roles) return null;
  const map = provider.roles.values;
  const roles = strings(claimAt(attributes, provider.roles.claim)).map((v) => map[v] ?? map[v.replace(/^\{[^}]*\}/, "")]);
  return (["eleve", "prof", "admin"] as const).find((role) => roles.includes(role)) ?? null;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, "").toLowerCase();

/**
 * The account a provider's username names: the username rules of the password login (case,
 * spaces), then without accents when exactly one account matches that way ("lea.martin" at the
 * ENT, « léa.martin » in Planify). `ambiguous`: several accounts differ only by accents. An
 * admin account is only ever found by its exact username (never through the accent folding).
 */
async function accountByUsername(deps: AppDeps, accounts: SsoAccounts, username: string): Promise<{ user?: UserRow; ambiguous?: boolean }> {
  const exact = await accounts.findUserByUsername(deps, username);
  if (exact) return { user: exact };
  const key = fold(username);
  const matches = (await deps.db.select({ id: users.id, key: users.usernameKey }).from(users)).filter((u) => fold(u.key) === key);
  if (matches.length > 1) return { ambiguous: true };
  const user = matches[0] && (await first(deps.db.select().from(users).where(eq(users.id, matches[0].id))));
  return { user: user?.role === "admin" ? undefined : user };
}

/** What to do for an identity seen for the first time: tie an account, or create one ("provision"). */
async function firstSignIn(deps: AppDeps, accounts: SsoAccounts, provider: SsoProvider, identity: SsoIdentity) {
  const claimed = strings(claimAt(identity.attributes, provider.usernameClaim))[0];
  const username = claimed ? collapseSpaces(claimed) : "";
  if (!username || username.length > USERNAME_MAX_LENGTH) throw new SsoError("IDENTIFIANT_ABSENT", provider.usernameClaim);
  // An ENT often names people by address (Entra ID's preferred_username, an email claim):
  // « lea.martin@univ-lyon.fr » finds « lea.martin » when no account has the whole address,
  // and an account created at first sign-in takes the part before « @ », as usernames do.
  const local = username.includes("@") ? username.slice(0, username.indexOf("@")) : "";
  let found = await accountByUsername(deps, accounts, username);
  if (!found.user && !found.ambiguous && local) {
    found = await accountByUsername(deps, accounts, local);
    // The part before « @ » never names an admin: an address at the ENT is not an admin's username.
    if (found.user?.role === "admin") found = {};
  }
  if (found.user) {
    const other = await first(
      deps.db
        .select({ id: ssoIdentities.id })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.userId, found.user.id), eq(ssoIdentities.providerId, provider.id))),
    );
    if (other) throw new SsoError("IDENTITE_DEJA_LIEE", `utilisateur=${found.user.username}`);
    return { user: found.user };
  }
  if (provider.policy !== "provision" || found.ambiguous) throw new SsoError("COMPTE_INTROUVABLE", `utilisateur=${username.slice(0, 64)}`);
  const role = mappedRole(provider, identity.attributes);
  if (!role) throw new SsoError("STATUT_NON_RECONNU", `utilisateur=${username.slice(0, 64)}`);
  const text = (claim: string) => strings(claimAt(identity.attributes, claim))[0]?.slice(0, 100);
  // A random password nobody knows: the account signs in through the ENT.
  const passwordHash = await accounts.hashPassword(randomToken(32));
  return { create: { username: local || username, role, firstName: text("given_name"), lastName: text("family_name") }, passwordHash };
}

type Db = AppDeps["db"] | Parameters<Parameters<AppDeps["db"]["transaction"]>[0]>[0];

/** The account tied to `subject` at `providerId`, if any. */
async function tiedAccount(db: Db, providerId: string, subject: string): Promise<UserRow | undefined> {
  const row = await first(
    db
      .select({ userId: ssoIdentities.userId })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.providerId, providerId), eq(ssoIdentities.subject, subject))),
  );
  return row && (await first(db.select().from(users).where(eq(users.id, row.userId))));
}

/** Whether a username is taken, as the password login compares them (case, and spaces ignored). */
async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const key = usernameKey(username).replace(/ /g, "");
  return !!(await first(db.select({ id: users.id }).from(users).where(sql`replace(${users.usernameKey}, ' ', '') = ${key}`)));
}

/** `wanted`, or the first of « wanted2 », « wanted3 »… that no account holds (cut to the username length). */
async function freeUsername(db: Db, wanted: string): Promise<string> {
  if (!(await usernameTaken(db, wanted))) return wanted;
  for (let n = 2; n < 1000; n++) {
    const candidate = `${wanted.slice(0, USERNAME_MAX_LENGTH - String(n).length)}${n}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  throw new SsoError("COMPTE_INTROUVABLE", `aucun nom libre pour ${wanted.slice(0, 64)}`);
}

/**
 * The account of an identity the provider vouched for: the one already tied to it, or the
 * one its username names (tied now), or under "provision" a new one with the mapped role.
 * Ends with a one-time code (its hash stored with `binding`, the hash of the browser binding of
 * browser-binding.ts; valid SSO_CODE_TTL_MS). Account, tie and code are written in one
 * transaction: a refusal leaves nothing behind.
 */
export async function signInIdentity(
  deps: AppDeps,
  accounts: SsoAccounts,
  provider: SsoProvider,
  identity: SsoIdentity,
  binding: string,
): Promise<{ user: UserRow; code: string; outcome: "tied" | "linked" | "created" }> {
  const tied = await tiedAccount(deps.db, provider.id, identity.subject);
  const firstTime = tied ? null : await firstSignIn(deps, accounts, provider, identity);
  const code = randomToken(32);
  const now = deps.now();
  let raced: UserRow | undefined;
  const user = await deps.db.transaction(async (tx) => {
    // firstSignIn awaited (the password hash): another sign-in of the same person may have tied an account since.
    raced = firstTime?.create ? await tiedAccount(tx, provider.id, identity.subject) : undefined;
    let account = tied ?? firstTime?.user ?? raced;
    if (!account && firstTime?.create) {
      // Another ENT person may hold the username by now (a race, or an account the lookup passes over,
      // such as an admin's): the new account takes the next free one, never the other's.
      const username = await freeUsername(tx, firstTime.create.username);
      account = await accounts.insertAccount(tx, now, { ...firstTime.create, username }, firstTime.passwordHash!);
      // A student whose year and group the ENT did not say picks them in the first-sign-in form.
      if (firstTime.create.role === "eleve") {
        const { pending, ...profile } = profileFromAttributes(identity.attributes);
        account = (await first(
          tx
            .update(users)
            .set({ ...profile, groupe: profile.groupe || account.groupe, profilePending: pending })
            .where(eq(users.id, account.id))
            .returning(),
        ))!;
      }
      await recordAdminAction(
        tx,
        { id: `ent:${provider.id}`, username: provider.label },
        {
          action: "user.create",
          target: account,
          summary: `Compte ${account.username} créé à sa première connexion ENT (${firstTime.create.role})${
            username === firstTime.create.username ? "" : ` ; « ${firstTime.create.username} » était déjà pris`
          }`,
          at: now,
        },
      );
    }
    if (!account) throw new SsoError("COMPTE_INTROUVABLE");
    // An imported account's « choose your password » never applies to a sign-in at the ENT.
    if (account.mustChangePassword)
      account = (await first(tx.update(users).set({ mustChangePassword: false }).where(eq(users.id, account.id)).returning()))!;
    if (!tied && !raced)
      await tx.insert(ssoIdentities).values({ providerId: provider.id, subject: identity.subject, userId: account.id, createdAt: now });
    await tx.delete(ssoLoginCodes).where(lte(ssoLoginCodes.expiresAt, now));
    await tx.insert(ssoLoginCodes).values({ codeHash: codeKey(code, binding), userId: account.id, expiresAt: now + SSO_CODE_TTL_MS });
    return account;
  });
  return { user, code, outcome: tied || raced ? "tied" : firstTime?.create ? "created" : "linked" };
}

/**
 * A code's row key: the code's SHA-256, ".", then the hash of the browser binding it was issued
 * to (both hex). The prefix finds the row; the suffix says whether this browser may use it.
 */
const codeKey = (code: string, binding: string) => `${sha256(code)}.${binding}`;

/**
 * The account of a one-time code, which is spent: null when unknown, used or expired;
 * "other-browser" when `binding` (this browser's, see browser-binding.ts) is not the one the
 * code was issued to (the code is spent all the same).
 */
export async function takeLoginCode(deps: AppDeps, code: string, binding: string | null): Promise<UserRow | "other-browser" | null> {
  const hash = sha256(code);
  const row = await first(
    deps.db
      .delete(ssoLoginCodes)
      .where(and(gte(ssoLoginCodes.codeHash, `${hash}.`), lt(ssoLoginCodes.codeHash, `${hash}/`), gt(ssoLoginCodes.expiresAt, deps.now())))
      .returning({ key: ssoLoginCodes.codeHash, userId: ssoLoginCodes.userId }),
  );
  if (!row) return null;
  if (!binding || row.key !== `${hash}.${binding}`) return "other-browser";
  return (await first(deps.db.select().from(users).where(eq(users.id, row.userId)))) ?? null;
}
