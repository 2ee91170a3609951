import { eq } from "drizzle-orm";
import { first } from "../../db/engine";
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

export const createdItemByLegacyId = async (db: DbOrTx, legacyId: number): Promise<CreatedItemRow | undefined> =>
  await first(db.select().from(createdItems).where(eq(createdItems.legacyId, legacyId)));
export const createdItemById = async (db: DbOrTx, id: string): Promise<CreatedItemRow | undefined> =>
  await first(db.select().from(createdItems).where(eq(createdItems.id, id)));
export const createdColorById = async (db: DbOrTx, id: string): Promise<CreatedColorRow | undefined> =>
  await first(db.select().from(createdColors).where(eq(createdColors.id, id)));
export const createdColorByLegacyId = async (db: DbOrTx, legacyId: number): Promise<CreatedColorRow | undefined> =>
  await first(db.select().from(createdColors).where(eq(createdColors.legacyId, legacyId)));

/** Every created item, by item number. */
export const listCreatedItems = async (db: DbOrTx): Promise<CreatedItemRow[]> =>
  await db.select().from(createdItems).orderBy(createdItems.legacyId);
/** Every created colour, by creation time. */
export const listCreatedColors = async (db: DbOrTx): Promise<CreatedColorRow[]> =>
  await db.select().from(createdColors).orderBy(createdColors.createdAt, createdColors.id);

/** Names of every created item and colour by item number (one read for a whole list of collections). */
export async function createdNames(db: DbOrTx): Promise<Map<number, string>> {
  const items = await db.select({ id: createdItems.legacyId, name: createdItems.name }).from(createdItems);
  const colors = await db.select({ id: createdColors.legacyId, name: createdColors.name }).from(createdColors);
  return new Map([...items, ...colors].map((r) => [r.id, r.name]));
}

/** What the daily shop may draw besides the fixed pools: priced created items and colours marked for it. */
export async function createdDailyPools(db: DbOrTx): Promise<{ itemIds: number[]; colorIds: string[] }> {
  const items = await db
    .select({ id: createdItems.legacyId, price: createdItems.price })
    .from(createdItems)
    .where(eq(createdItems.availableInDailyShop, true))
    .orderBy(createdItems.legacyId);
  const colors = await db
    .select({ id: createdColors.id, price: createdColors.price })
    .from(createdColors)
    .where(eq(createdColors.availableInDailyShop, true))
    .orderBy(createdColors.id);
  return { itemIds: items.filter((r) => r.price > 0).map((r) => r.id), colorIds: colors.filter((r) => r.price > 0).map((r) => r.id) };
}
