import { and, count, eq, sql } from "drizzle-orm";
import { parisDate } from "@planify/common/time/paris-time";
import { dailyShops, redeemCodes, userItems } from "../../db/schema";
import type { DbOrTx } from "../../db/types";

/** How many accounts own this item number. */
export function ownerCount(tx: DbOrTx, legacyId: number): number {
  return tx.select({ n: count() }).from(userItems).where(eq(userItems.itemId, legacyId)).get()?.n ?? 0;
}

/** How many reward codes can still be used (uses left, not expired) and offer this item number or colour id. */
export function codeCount(tx: DbOrTx, now: number, ref: { itemId?: number; colorId?: string }): number {
  const column = ref.itemId !== undefined ? redeemCodes.items : redeemCodes.colors;
  const value = ref.itemId ?? ref.colorId ?? null;
  return (
    tx
      .select({ n: count() })
      .from(redeemCodes)
      .where(
        and(
          sql`exists (select 1 from json_each(${column}) where json_each.value = ${value})`,
          sql`${redeemCodes.usedCount} < ${redeemCodes.maxUses}`,
          sql`(${redeemCodes.expiresAt} is null or ${redeemCodes.expiresAt} > ${now})`,
        ),
      )
      .get()?.n ?? 0
  );
}

/** Takes an item or colour out of today's stored shop (it no longer exists, or no longer has this number). */
export function dropFromTodayShop(tx: DbOrTx, now: number, ref: { itemId?: number; colorId?: string }): void {
  const day = parisDate(now);
  const row = tx.select().from(dailyShops).where(eq(dailyShops.parisDay, day)).get();
  if (!row) return;
  const itemIds = row.itemIds.filter((id) => id !== ref.itemId);
  const colorIds = row.colorIds.filter((id) => id !== ref.colorId);
  if (itemIds.length !== row.itemIds.length || colorIds.length !== row.colorIds.length) {
    tx.update(dailyShops).set({ itemIds, colorIds }).where(eq(dailyShops.parisDay, day)).run();
  }
}
