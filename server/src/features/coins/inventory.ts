import { and, eq } from "drizzle-orm";
import { CLASSIC_BORDER_ITEM_ID } from "@planify/common/constants/catalogue";
import { DEFAULT_BORDER_COLOR_ID, encodeColorSelection, parseColorSelection } from "@planify/common/constants/border-colors";
import { ECONOMY_MESSAGES } from "@planify/common/constants/economy";
import type { InventoryResponse } from "@planify/common/schemas/economy";
import type { AppDeps } from "../../deps";
import { userItems, users } from "../../db/schema";
import { AppError, badRequest } from "../../lib/errors";
import type { DbOrTx, UserRow } from "../../db/types";
import { getUser } from "../users";
import { listUserItems, ownsLegacyId, presentUserItem, unlockedColorIds, colorExists, nameLookup, resolveTarget } from "../items";
import { economyState, saveEconomyState } from "./economy-state";

/** GET /coins/inventory. */
export function inventory(deps: AppDeps, userId: string): InventoryResponse {
  const user = getUser(deps, userId);
  const rows = listUserItems(deps.db, userId);
  const state = economyState(deps.db, userId);
  const name = nameLookup(deps.db);
  const classic = presentUserItem(
    {
      userId,
      itemId: CLASSIC_BORDER_ITEM_ID,
      colorId: null,
      source: "default",
      adminMessage: null,
      adminGiftRead: true,
      acquiredAt: Date.parse(user.createdAt),
    },
    user.equippedItemId,
    name,
  );
  return {
    success: true,
    coins: user.coins,
    purchasedItems: [classic, ...rows.map((r) => presentUserItem(r, user.equippedItemId, name))],
    equippedItemId: user.equippedItemId,
    selectedBorderColor: user.selectedBorderColor,
    borderColors: unlockedColorIds(rows),
    discordVariantIndex: state.discordVariant,
    jojoVariantIndex: state.jojoVariant,
    dynamicItemVariants: user.dynamicItemVariants ?? {},
  };
}

/**
 * POST /coins/equip: only an owned item (item 0 always); one equipped at a time. Equipping
 * the item already equipped unequips it (a toggle, as the collection's button).
 */
export function equip(deps: AppDeps, userId: string, ref: number | string) {
  const target = resolveTarget(deps.db, ref);
  if (target.kind !== "item") throw badRequest("Utilise le choix de couleur pour les bordures.");
  return deps.db.transaction((tx) => {
    if (!ownsLegacyId(tx, userId, target.legacyId)) throw new AppError("ITEM_NOT_OWNED", ECONOMY_MESSAGES.itemNotOwned);
    const current =
      tx.select({ equippedItemId: users.equippedItemId }).from(users).where(eq(users.id, userId)).get()?.equippedItemId ?? null;
    const next = current === target.legacyId ? null : target.legacyId;
    tx.update(users)
      .set({ equippedItemId: next, updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(users.id, userId))
      .run();
    return { success: true as const, equippedItemId: next, message: next === null ? "Item déséquipé." : `${target.name} équipé.` };
  });
}

/** POST /coins/unequip: with an itemId, only when that item is the equipped one. */
export function unequip(deps: AppDeps, userId: string, ref: number | string | null | undefined) {
  const conditions = [eq(users.id, userId)];
  if (ref !== undefined && ref !== null) conditions.push(eq(users.equippedItemId, resolveTarget(deps.db, ref).legacyId));
  deps.db
    .update(users)
    .set({ equippedItemId: null, updatedAt: new Date(deps.now()).toISOString() })
    .where(and(...conditions))
    .run();
  const { equippedItemId } = getUser(deps, userId);
  return { success: true as const, equippedItemId, message: "Item déséquipé." };
}

/** POST /coins/border-color: the composite id; the colour must be unlocked (owned or the free default). */
export function selectBorderColor(deps: AppDeps, userId: string, composite: string) {
  const selection = parseColorSelection(composite, (id) => colorExists(deps.db, id));
  if (!selection) throw badRequest(ECONOMY_MESSAGES.unknownColor);
  // The free default is always unlocked; any other colour is an owned item number.
  const legacyId = selection.colorId === DEFAULT_BORDER_COLOR_ID ? null : resolveTarget(deps.db, selection.colorId).legacyId;
  return deps.db.transaction((tx) => {
    if (legacyId !== null && !ownsLegacyId(tx, userId, legacyId)) throw new AppError("COLOR_LOCKED", ECONOMY_MESSAGES.colorLocked);
    tx.update(users)
      .set({ selectedBorderColor: selection.colorId, updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(users.id, userId))
      .run();
    saveEconomyState(tx, userId, { discordVariant: selection.discordVariant, jojoVariant: selection.jojoVariant });
    return {
      success: true as const,
      colorId: encodeColorSelection(selection),
      selectedBorderColor: selection.colorId,
      discordVariantIndex: selection.discordVariant,
      jojoVariantIndex: selection.jojoVariant,
      message: "Couleur de bordure mise à jour.",
    };
  });
}

/** Removes an owned item or colour (admin); unequips it or resets the colour when in use. */
export function removeOwned(deps: AppDeps, userId: string, legacyId: number, colorId: string | null): boolean {
  return deps.db.transaction((tx) => removeOwnedIn(tx, getUser(deps, userId), legacyId, colorId));
}

/** Removes one owned item or colour on `tx`, unequipping or unselecting it; false when not owned. */
export function removeOwnedIn(
  tx: DbOrTx,
  user: Pick<UserRow, "id" | "equippedItemId" | "selectedBorderColor">,
  legacyId: number,
  colorId: string | null,
): boolean {
  const removed = tx
    .delete(userItems)
    .where(and(eq(userItems.userId, user.id), eq(userItems.itemId, legacyId)))
    .returning()
    .get();
  if (!removed) return false;
  const patch: Partial<typeof users.$inferInsert> = {};
  if (user.equippedItemId === legacyId && !colorId) patch.equippedItemId = null;
  if (colorId && user.selectedBorderColor === colorId) patch.selectedBorderColor = DEFAULT_BORDER_COLOR_ID;
  if (Object.keys(patch).length) tx.update(users).set(patch).where(eq(users.id, user.id)).run();
  return true;
}
