import { eq } from "drizzle-orm";
import type { BorderColor } from "@planify/common/constants/border-colors";
import type { CatalogueItem } from "@planify/common/constants/catalogue";
import { createdColors, createdItems } from "../../db/schema";
import type { DbOrTx } from "../../db/types";

/**
 * Reads of the created catalogue (items and colours made in the item creator). Every lookup
 * goes to the database, inside the caller's transaction when there is one: no process
 * cache, so several app nodes always agree.
 */
export type CreatedItemRow = typeof createdItems.$inferSelect;
export type CreatedColorRow = typeof createdColors.$inferSelect;

const SHOP_DESCRIPTION = "Disponible dans la boutique quotidienne quand il y apparaît.";
const GIFT_DESCRIPTION = "Offert par l'équipe (cadeau, code ou don).";

/** A created item in the fixed catalogue's shape, so purchases, gifts and codes treat both alike. */
export function asCatalogueItem(row: CreatedItemRow): CatalogueItem {
  const infoDescription = row.look.infoDescription || (row.availableInDailyShop && row.price > 0 ? SHOP_DESCRIPTION : GIFT_DESCRIPTION);
  return {
    id: row.legacyId,
    name: row.name,
    price: row.price,
    displayType: "generic",
    variants: row.look.variants.length,
    infoDescription,
  };
}

/** A created colour in the fixed colours' shape. */
export function asBorderColor(row: CreatedColorRow): BorderColor {
  return {
    id: row.id,
    legacyId: row.legacyId,
    name: row.name,
    color: row.color,
    gradient: row.gradient,
    price: row.price,
    type: row.gradient ? "border-gradient" : "border-color",
  };
}

export const createdItemByLegacyId = (db: DbOrTx, legacyId: number) =>
  db.select().from(createdItems).where(eq(createdItems.legacyId, legacyId)).get();
export const createdItemById = (db: DbOrTx, id: string) => db.select().from(createdItems).where(eq(createdItems.id, id)).get();
export const createdColorById = (db: DbOrTx, id: string) => db.select().from(createdColors).where(eq(createdColors.id, id)).get();
export const createdColorByLegacyId = (db: DbOrTx, legacyId: number) =>
  db.select().from(createdColors).where(eq(createdColors.legacyId, legacyId)).get();

/** Every created item, by item number. */
export const listCreatedItems = (db: DbOrTx) => db.select().from(createdItems).orderBy(createdItems.legacyId).all();
/** Every created colour, by creation time. */
export const listCreatedColors = (db: DbOrTx) => db.select().from(createdColors).orderBy(createdColors.createdAt, createdColors.id).all();

/** Names of every created item and colour by item number (one read for a whole list of collections). */
export function createdNames(db: DbOrTx): Map<number, string> {
  const items = db.select({ id: createdItems.legacyId, name: createdItems.name }).from(createdItems).all();
  const colors = db.select({ id: createdColors.legacyId, name: createdColors.name }).from(createdColors).all();
  return new Map([...items, ...colors].map((r) => [r.id, r.name]));
}

/** What the daily shop may draw besides the fixed pools: priced created items and colours marked for it. */
export function createdDailyPools(db: DbOrTx): { itemIds: number[]; colorIds: string[] } {
  const items = db
    .select({ id: createdItems.legacyId, price: createdItems.price })
    .from(createdItems)
    .where(eq(createdItems.availableInDailyShop, true))
    .orderBy(createdItems.legacyId)
    .all();
  const colors = db
    .select({ id: createdColors.id, price: createdColors.price })
    .from(createdColors)
    .where(eq(createdColors.availableInDailyShop, true))
    .orderBy(createdColors.id)
    .all();
  return { itemIds: items.filter((r) => r.price > 0).map((r) => r.id), colorIds: colors.filter((r) => r.price > 0).map((r) => r.id) };
}
