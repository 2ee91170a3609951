import { and, eq } from "drizzle-orm";
import { CLASSIC_BORDER_ITEM_ID } from "@planify/common/constants/catalogue";
import { DEFAULT_BORDER_COLOR_ID, encodeColorSelection } from "@planify/common/constants/border-colors";
import { ECONOMY_MESSAGES } from "@planify/common/constants/economy";
import type { InventoryResponse } from "@planify/common/schemas/economy";
import type { AppDeps } from "../../deps";
import { userItems, users } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { DbOrTx, UserRow } from "../../db/types";
import { getUser } from "../users";
import { listUserItems, ownsLegacyId, presentUserItem, unlockedColorIds, knownColorSelection, nameLookup, resolveTarget } from "../items";
import { first } from "../../db/engine";
import { economyState, saveEconomyState } from "./economy-state";
import { announceProfile, publishLive } from "../../lib/live";
import { inventoryFavorites } from "./favorites";

/** GET /coins/inventory. */
export async function inventory(deps: AppDeps, userId: string): Promise<InventoryResponse> {
  const user = await getUser(deps, userId);
  const rows = await listUserItems(deps.db, userId);
  const state = await economyState(deps.db, userId);
  const name = await nameLookup(deps.db);
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
    favorites: await inventoryFavorites(deps.db, userId),
  };
}

/**
 * POST /coins/equip: only an owned item (item 0 always); one equipped at a time. Equipping
 * the item already equipped unequips it (a toggle, as the collection's button).
 */
export async function equip(deps: AppDeps, userId: string, ref: number | string) {
  const target = await resolveTarget(deps.db, ref);
  if (target.kind !== "item") throw badRequest("Utilise le choix de couleur pour les bordures.");
  return await deps.db.transaction(async (tx) => {
    if (!(await ownsLegacyId(tx, userId, target.legacyId))) throw new AppError("ITEM_NOT_OWNED", ECONOMY_MESSAGES.itemNotOwned);
    const current =
      (await first(tx.select({ equippedItemId: users.equippedItemId }).from(users).where(eq(users.id, userId))))?.equippedItemId ?? null;
    const next = current === target.legacyId ? null : target.legacyId;
    await tx
      .update(users)
      .set({ equippedItemId: next, updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(users.id, userId));
    await announceProfile(tx, deps.now(), userId);
    return { success: true as const, equippedItemId: next, message: next === null ? "Item déséquipé." : `${target.name} équipé.` };
  });
}

/** POST /coins/unequip: with an itemId, only when that item is the equipped one. */
export async function unequip(deps: AppDeps, userId: string, ref: number | string | null | undefined) {
  const conditions = [eq(users.id, userId)];
  if (ref !== undefined && ref !== null) conditions.push(eq(users.equippedItemId, (await resolveTarget(deps.db, ref)).legacyId));
  await deps.db
    .update(users)
    .set({ equippedItemId: null, updatedAt: new Date(deps.now()).toISOString() })
    .where(and(...conditions));
  await announceProfile(deps.db, deps.now(), userId);
  const { equippedItemId } = await getUser(deps, userId);
  return { success: true as const, equippedItemId, message: "Item déséquipé." };
}

/** POST /coins/border-color: the composite id; the colour must be unlocked (owned or the free default). */
export async function selectBorderColor(deps: AppDeps, userId: string, composite: string) {
  const selection = await knownColorSelection(deps.db, composite);
  if (!selection) throw badRequest(ECONOMY_MESSAGES.unknownColor);
  // The free default is always unlocked; any other colour is an owned item number.
  const legacyId = selection.colorId === DEFAULT_BORDER_COLOR_ID ? null : (await resolveTarget(deps.db, selection.colorId)).legacyId;
  return await deps.db.transaction(async (tx) => {
    if (legacyId !== null && !(await ownsLegacyId(tx, userId, legacyId))) throw new AppError("COLOR_LOCKED", ECONOMY_MESSAGES.colorLocked);
    await tx
      .update(users)
      .set({ selectedBorderColor: selection.colorId, updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(users.id, userId));
    await saveEconomyState(tx, userId, { discordVariant: selection.discordVariant, jojoVariant: selection.jojoVariant });
    await announceProfile(tx, deps.now(), userId);
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
export async function removeOwned(deps: AppDeps, userId: string, legacyId: number, colorId: string | null): Promise<boolean> {
  return await deps.db.transaction(async (tx) => {
    // Read on `tx` (not the session cache on deps.db): on PostgreSQL that is another connection.
    const user = await first(
      tx
        .select({ id: users.id, equippedItemId: users.equippedItemId, selectedBorderColor: users.selectedBorderColor })
        .from(users)
        .where(eq(users.id, userId)),
    );
    if (!user) throw notFound("Utilisateur introuvable.");
    return await removeOwnedIn(tx, user, legacyId, colorId);
  });
}

/** Removes one owned item or colour on `tx`, unequipping or unselecting it; false when not owned. */
export async function removeOwnedIn(
  tx: DbOrTx,
  user: Pick<UserRow, "id" | "equippedItemId" | "selectedBorderColor">,
  legacyId: number,
  colorId: string | null,
): Promise<boolean> {
  const removed = await first(
    tx
      .delete(userItems)
      .where(and(eq(userItems.userId, user.id), eq(userItems.itemId, legacyId)))
      .returning(),
  );
  if (!removed) return false;
  await publishLive(tx, Date.now(), "inventory", { users: [user.id] });
  const patch: Partial<typeof users.$inferInsert> = {};
  if (user.equippedItemId === legacyId && !colorId) patch.equippedItemId = null;
  if (colorId && user.selectedBorderColor === colorId) patch.selectedBorderColor = DEFAULT_BORDER_COLOR_ID;
  if (Object.keys(patch).length) await tx.update(users).set(patch).where(eq(users.id, user.id));
  return true;
}
