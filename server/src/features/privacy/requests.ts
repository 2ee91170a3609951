import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { conflict } from "../../lib/errors";
import { recordAdminAction } from "../../lib/journal";
import { schoolSetting } from "../../lib/school-settings";
import { eraseAccount } from "./erase";

export const ERASURE_MESSAGES = {
  adminSelf: "Un compte administrateur ne peut pas être effacé depuis le profil : un autre administrateur doit le faire.",
  erased: "Ton compte et tes données ont été effacés.",
  requested: "Ta demande d'effacement est envoyée : un administrateur effacera ton compte et tes données.",
  alreadyRequested: "Ta demande d'effacement est déjà envoyée.",
  cancelled: "Ta demande d'effacement est annulée.",
} as const;

export async function erasureStatus(deps: AppDeps, user: UserRow) {
  return { success: true as const, selfService: await schoolSetting(deps.db, "selfServiceErasure"), requestedAt: user.erasureRequestedAt };
}

/**
 * « Supprimer mon compte »: when the school allows self-service the account is erased at once;
 * otherwise the request is recorded (journal and users.erasure_requested_at) and admins see it
 * in the users list with « Effacer les données ». Admin accounts cannot erase themselves.
 */
export async function requestErasure(deps: AppDeps, user: UserRow) {
  if (user.role === "admin") throw conflict(ERASURE_MESSAGES.adminSelf);
  if (await schoolSetting(deps.db, "selfServiceErasure")) {
    await eraseAccount(deps, user.id, user);
    return { success: true as const, message: ERASURE_MESSAGES.erased, erased: true, requestedAt: null };
  }
  if (user.erasureRequestedAt) {
    return { success: true as const, message: ERASURE_MESSAGES.alreadyRequested, erased: false, requestedAt: user.erasureRequestedAt };
  }
  const at = new Date(deps.now()).toISOString();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ erasureRequestedAt: at }).where(eq(users.id, user.id));
    await recordAdminAction(tx, user, {
      action: "privacy.erasure-request",
      target: user,
      summary: `${user.username} demande l'effacement de son compte`,
      at: deps.now(),
    });
  });
  return { success: true as const, message: ERASURE_MESSAGES.requested, erased: false, requestedAt: at };
}

/** Withdraws a pending request. */
export async function cancelErasureRequest(deps: AppDeps, user: UserRow) {
  await deps.db.update(users).set({ erasureRequestedAt: null }).where(eq(users.id, user.id));
  return { success: true as const, message: ERASURE_MESSAGES.cancelled };
}
