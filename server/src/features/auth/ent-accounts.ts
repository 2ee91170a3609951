import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { ssoIdentities } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { AppError } from "../../lib/errors";
import { schoolSetting } from "../../lib/school-settings";

/** true when the account is tied to at least one ENT identity: it signs in at the ENT. */
export function isEntAccount(deps: AppDeps, userId: string): boolean {
  return !!deps.db.select({ id: ssoIdentities.id }).from(ssoIdentities).where(eq(ssoIdentities.userId, userId)).get();
}

/**
 * Refuses a password sign-in (login or recovery) to a non-admin while the school keeps
 * password sign-in for admins (`passwordSignIn: "admins"`, school settings).
 */
export function assertPasswordSignInAllowed(deps: AppDeps, user: Pick<UserRow, "role">): void {
  if (user.role !== "admin" && schoolSetting(deps.db, "passwordSignIn") === "admins") throw new AppError("PASSWORD_SIGN_IN_DISABLED");
}

/**
 * Refuses password recovery and recovery questions to an account tied to the ENT (its
 * password is the ENT's), and recovery to non-admins when password sign-in is off.
 */
export function assertPasswordRecoveryAllowed(deps: AppDeps, user: Pick<UserRow, "id" | "role">): void {
  if (isEntAccount(deps, user.id)) throw new AppError("ENT_ACCOUNT");
  assertPasswordSignInAllowed(deps, user);
}
