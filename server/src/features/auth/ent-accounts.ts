import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { ssoIdentities } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { AppError } from "../../lib/errors";
import { schoolSetting } from "../../lib/school-settings";
import { first } from "../../db/engine";

/** true when the account is tied to at least one ENT identity: it signs in at the ENT. */
export async function isEntAccount(deps: AppDeps, userId: string): Promise<boolean> {
  return !!(await first(deps.db.select({ id: ssoIdentities.id }).from(ssoIdentities).where(eq(ssoIdentities.userId, userId))));
}

/**
 * Refuses a password sign-in (login or recovery) to a non-admin while the school keeps
 * password sign-in for admins (`passwordSignIn: "admins"`, school settings).
 */
export async function assertPasswordSignInAllowed(deps: AppDeps, user: Pick<UserRow, "role">): Promise<void> {
  if (user.role !== "admin" && (await schoolSetting(deps.db, "passwordSignIn")) === "admins")
    throw new AppError("PASSWORD_SIGN_IN_DISABLED");
}

/**
 * Refuses password recovery and recovery questions to an account tied to the ENT (its
 * password is the ENT's), and recovery to non-admins when password sign-in is off.
 */
export async function assertPasswordRecoveryAllowed(deps: AppDeps, user: Pick<UserRow, "id" | "role">): Promise<void> {
  if (await isEntAccount(deps, user.id)) throw new AppError("ENT_ACCOUNT");
  await assertPasswordSignInAllowed(deps, user);
}
