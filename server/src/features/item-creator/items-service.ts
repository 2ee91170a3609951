import { eq } from "drizzle-orm";
import { ITEM_CREATOR_MESSAGES as M } from "@planify/common/constants/item-creator";
import { isFixedLegacyId } from "@planify/common/rules/item-creator";
import type { ItemInput, ItemSavedResponse } from "@planify/common/schemas/item-creator";
import type { ShopItem } from "@planify/common/schemas/items";
import type { AppDeps } from "../../deps";
import { createdItems } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { recordAdminAction, type JournalActor } from "../../lib/journal";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { catalogueItem } from "@planify/common/constants/catalogue";
import { presentCreatedItem } from "./present";
import { createdColorByLegacyId, createdItemById, createdItemByLegacyId, type CreatedItemRow } from "./store";
import { codeCount, dropFromTodayShop, ownerCount } from "./usage";
import { checkItemInput } from "./validate";

/** An item number no other item or colour uses (`self`: the item being edited keeps its own). */
export async function assertLegacyIdFree(tx: DbOrTx, legacyId: number, self: { itemId?: string; colorId?: string } = {}): Promise<void> {
  const item = await createdItemByLegacyId(tx, legacyId);
  const color = await createdColorByLegacyId(tx, legacyId);
  if (isFixedLegacyId(legacyId) || (item && item.id !== self.itemId) || (color && color.id !== self.colorId)) {
    throw conflict(M.legacyIdTaken(legacyId));
  }
}

/** The created item an id of the path designates: its legacy id, or its _id. Fixed items are read-only. */
async function findCreated(tx: DbOrTx, id: string): Promise<CreatedItemRow> {
  const text = id.trim();
  const row = /^-?\d+$/.test(text) ? await createdItemByLegacyId(tx, Number(text)) : await createdItemById(tx, text);
  if (row) return row;
  if (/^\d+$/.test(text) && catalogueItem(Number(text))) throw badRequest(M.fixedItemReadOnly);
  throw notFound(M.itemNotFound);
}

/** GET /items/{id}: a created item by legacy id or _id; null for a fixed one (the route presents those). */
export async function getCreatedItem(deps: AppDeps, id: string): Promise<ShopItem | null> {
  const text = id.trim();
  const row = /^-?\d+$/.test(text) ? await createdItemByLegacyId(deps.db, Number(text)) : await createdItemById(deps.db, text);
  return row ? presentCreatedItem(row) : null;
}

/** POST /items (admin). */
export async function createItem(deps: AppDeps, actor: JournalActor, body: ItemInput): Promise<ItemSavedResponse> {
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const checked = await checkItemInput(tx, body);
    await assertLegacyIdFree(tx, checked.legacyId);
    const row = (await first(
      tx
        .insert(createdItems)
        .values({ id: newId(), ...checked, createdBy: actor.id, createdAt: at, updatedAt: at })
        .returning(),
    ))!;
    await recordAdminAction(tx, actor, {
      action: "item.create",
      summary: `Item ${row.name} créé (n° ${row.legacyId}, ${row.price} coins)`,
      details: {
        legacyId: row.legacyId,
        name: row.name,
        price: row.price,
        availableInDailyShop: row.availableInDailyShop,
        creators: row.creatorUsernames,
      },
      at,
    });
    return { success: true as const, item: presentCreatedItem(row), message: M.created };
  });
}

/**
 * PUT /items/{id} (admin): the whole item is replaced. Its number may change only while no
 * account owns it and no usable code offers it (their rows refer to the number).
 */
export async function updateItem(deps: AppDeps, actor: JournalActor, id: string, body: ItemInput): Promise<ItemSavedResponse> {
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const before = await findCreated(tx, id);
    const checked = await checkItemInput(tx, body);
    if (checked.legacyId !== before.legacyId) {
      await assertLegacyIdFree(tx, checked.legacyId, { itemId: before.id });
      const owners = await ownerCount(tx, before.legacyId);
      if (owners > 0) throw conflict(M.legacyIdLocked(owners));
      const codes = await codeCount(tx, at, { itemId: before.legacyId });
      if (codes > 0) throw conflict(M.deleteInCodes(codes));
      await dropFromTodayShop(tx, at, { itemId: before.legacyId });
    }
    // Unticking "boutique quotidienne" takes it off sale at once, not only from the next draw.
    if (before.availableInDailyShop && !checked.availableInDailyShop) await dropFromTodayShop(tx, at, { itemId: before.legacyId });
    const row = (await first(
      tx
        .update(createdItems)
        .set({ ...checked, updatedAt: at })
        .where(eq(createdItems.id, before.id))
        .returning(),
    ))!;
    await recordAdminAction(tx, actor, {
      action: "item.update",
      summary: `Item ${row.name} modifié (n° ${row.legacyId})`,
      details: {
        before: { legacyId: before.legacyId, name: before.name, price: before.price, availableInDailyShop: before.availableInDailyShop },
        after: { legacyId: row.legacyId, name: row.name, price: row.price, availableInDailyShop: row.availableInDailyShop },
      },
      at,
    });
    return { success: true as const, item: presentCreatedItem(row), message: M.updated };
  });
}

/**
 * DELETE /items/{id} (admin). Refused while accounts own the item (the message gives how
 * many) or a usable code offers it: deleting would empty collections without a word.
 * Taking it off sale is the way to retire an owned item.
 */
export async function deleteItem(deps: AppDeps, actor: JournalActor, id: string) {
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const row = await findCreated(tx, id);
    const owners = await ownerCount(tx, row.legacyId);
    if (owners > 0) throw conflict(M.deleteOwned(owners));
    const codes = await codeCount(tx, at, { itemId: row.legacyId });
    if (codes > 0) throw conflict(M.deleteInCodes(codes));
    await tx.delete(createdItems).where(eq(createdItems.id, row.id));
    await dropFromTodayShop(tx, at, { itemId: row.legacyId });
    await recordAdminAction(tx, actor, {
      action: "item.delete",
      summary: `Item ${row.name} supprimé (n° ${row.legacyId})`,
      details: { legacyId: row.legacyId, name: row.name, price: row.price },
      at,
    });
    return { success: true as const, message: M.deleted };
  });
}
