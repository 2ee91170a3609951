import { and, eq, notInArray } from "drizzle-orm";
import { CLASSIC_BORDER_ITEM_ID, PLANIFY_ITEM_ID, PRESTIGE_ITEM_ID } from "@planify/common/constants/catalogue";
import { DEFAULT_BORDER_COLOR_ID } from "@planify/common/constants/border-colors";
import type { AppDeps } from "../../deps";
import { userItems, users } from "../../db/schema";
import { recordAdminAction } from "../../lib/journal";
import type { UserRow } from "../../db/types";
import { eraseAccount } from "../privacy";
import { getUser } from "../users";
import { assertAdminStays } from "./update";

/**
 * DELETE /users/{id} (« Effacer les données »): the account and every personal row and file,
 * by the one erasure path (features/privacy eraseAccount): ledger rows stay under an anonymous
 * id, the journal keeps « compte supprimé ». Not oneself, nor the last admin.
 */
export async function deleteUser(deps: AppDeps, actor: UserRow, id: string) {
  const user = await getUser(deps, id);
  await assertAdminStays(deps, actor, user, "delete");
  await eraseAccount(deps, user.id, actor);
  return { success: true as const, message: `Compte ${user.username} supprimé et données effacées.` };
}

/** Items an account keeps through "remove all": the classic border, Prestige, and Planify for an admin. */
function keptItems(user: UserRow): number[] {
  return user.role === "admin" ? [CLASSIC_BORDER_ITEM_ID, PRESTIGE_ITEM_ID, PLANIFY_ITEM_ID] : [CLASSIC_BORDER_ITEM_ID, PRESTIGE_ITEM_ID];
}

/** DELETE /users/{id}/items: every item and colour but the account's own, border back to default. */
export async function clearItems(deps: AppDeps, actor: UserRow, id: string) {
  const user = await getUser(deps, id);
  const kept = keptItems(user);
  const removed = await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(userItems)
      .where(and(eq(userItems.userId, id), notInArray(userItems.itemId, kept)))
      .returning({ itemId: userItems.itemId, colorId: userItems.colorId });
    const equipped = user.equippedItemId !== null && !kept.includes(user.equippedItemId) ? null : user.equippedItemId;
    await tx
      .update(users)
      .set({ equippedItemId: equipped, selectedBorderColor: DEFAULT_BORDER_COLOR_ID, updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(users.id, id));
    await recordAdminAction(tx, actor, {
      action: "items.clear",
      target: user,
      summary: `${gone.length} item(s) et couleur(s) retirés à ${user.username}, bordure réinitialisée`,
      details: { removed: gone.map((g) => g.colorId ?? g.itemId), borderBefore: user.selectedBorderColor },
      at: deps.now(),
    });
    return gone.length;
  });
  return { success: true as const, message: `${removed} item(s) retiré(s) à ${user.username}, bordure réinitialisée.` };
}
