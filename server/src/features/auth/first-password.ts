import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { verifySecret } from "../../lib/password-work";
import { applyNewPassword, assertPasswordStrength, hashPassword, normalisePassword } from "./service";
import type { UserRow } from "../../db/types";
import { first } from "../../db/engine";

export const FIRST_PASSWORD_MESSAGES = {
  notNeeded: "Votre mot de passe est déjà choisi : changez-le depuis votre profil.",
  same: "Choisissez un mot de passe différent de celui qui vous a été remis.",
} as const;

/**
 * An imported account replaces the password it was handed with its own: at least 8
 * characters, not the handed one. Every older session ends; the flag is cleared.
 */
export async function chooseFirstPassword(deps: AppDeps, user: UserRow, newPassword: string): Promise<UserRow> {
  if (!user.mustChangePassword) throw conflict(FIRST_PASSWORD_MESSAGES.notNeeded);
  assertPasswordStrength(newPassword);
  if (await verifySecret(normalisePassword(newPassword), user.passwordHash)) throw badRequest(FIRST_PASSWORD_MESSAGES.same);
  const hash = await hashPassword(newPassword);
  return deps.db.transaction(async (tx) => {
    await applyNewPassword(tx, user, hash, deps.now());
    return (await first(tx.update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id)).returning()))!;
  });
}
