import { and, eq, notInArray } from "drizzle-orm";
import { CLASSIC_BORDER_ITEM_ID, PLANIFY_ITEM_ID, PRESTIGE_ITEM_ID } from "@planify/common/constants/catalogue";
import { DEFAULT_BORDER_COLOR_ID } from "@planify/common/constants/border-colors";
import type { AppDeps } from "../../deps";
import { taskFiles, userItems, users } from "../../db/schema";
import { recordAdminAction } from "../../lib/journal";
import { removeFiles } from "../../lib/files";
import type { UserRow } from "../../db/types";
import { dropMedia, findMedia, musicVersion } from "../profiles";
import { storedPath } from "../tasks";
import { getUser } from "../users";
import { assertAdminStays } from "./update";

/**
 * DELETE /users/{id}: the account, its hand-ins and its profile media. Ledger rows, items and
 * task states go with it (foreign keys), so every remaining ledger sum still equals its
 * balances; what the user brought to a faction's total stays there. Attachments the user
 * put on tasks belong to the task and stay (their uploader becomes unknown).
 */
export async function deleteUser(deps: AppDeps, actor: UserRow, id: string) {
  const user = getUser(deps, id);
  assertAdminStays(deps, actor, user, "delete");
  const media = await Promise.all([
    user.avatarVersion > 0 ? findMedia(deps, "avatars", user.id, user.avatarVersion) : null,
    user.musicSrc ? findMedia(deps, "music", user.id, musicVersion(user.musicSrc)) : null,
  ]);
  const handIns = deps.db.transaction((tx) => {
    const files = tx
      .select()
      .from(taskFiles)
      .where(and(eq(taskFiles.userId, id), eq(taskFiles.kind, "submission")))
      .all();
    tx.update(taskFiles)
      .set({ userId: null })
      .where(and(eq(taskFiles.userId, id), eq(taskFiles.kind, "attachment")))
      .run();
    tx.delete(users).where(eq(users.id, id)).run();
    recordAdminAction(tx, actor, {
      action: "user.delete",
      target: user,
      summary: `Compte ${user.username} supprimé (${user.coins} coins, ${files.length} fichier(s) rendus)`,
      details: {
        role: user.role,
        year: user.year,
        groupe: user.groupe,
        coins: user.coins,
        leaderboardCoins: user.leaderboardCoins,
        factionCoins: user.factionCoins,
        faction: user.faction,
        handIns: files.length,
      },
      at: deps.now(),
    });
    return files;
  });
  // Files go after the rows: a crash in between leaves files no row points to, which the start-up sweep removes.
  await removeFiles(handIns.map((f) => storedPath(deps, f)));
  await dropMedia(media);
  return { success: true as const, message: `Utilisateur ${user.username} supprimé.` };
}

/** Items an account keeps through "remove all": the classic border, Prestige, and Planify for an admin. */
function keptItems(user: UserRow): number[] {
  return user.role === "admin" ? [CLASSIC_BORDER_ITEM_ID, PRESTIGE_ITEM_ID, PLANIFY_ITEM_ID] : [CLASSIC_BORDER_ITEM_ID, PRESTIGE_ITEM_ID];
}

/** DELETE /users/{id}/items: every item and colour but the account's own, border back to default. */
export function clearItems(deps: AppDeps, actor: UserRow, id: string) {
  const user = getUser(deps, id);
  const kept = keptItems(user);
  const removed = deps.db.transaction((tx) => {
    const gone = tx
      .delete(userItems)
      .where(and(eq(userItems.userId, id), notInArray(userItems.itemId, kept)))
      .returning({ itemId: userItems.itemId, colorId: userItems.colorId })
      .all();
    const equipped = user.equippedItemId !== null && !kept.includes(user.equippedItemId) ? null : user.equippedItemId;
    tx.update(users)
      .set({ equippedItemId: equipped, selectedBorderColor: DEFAULT_BORDER_COLOR_ID, updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(users.id, id))
      .run();
    recordAdminAction(tx, actor, {
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
