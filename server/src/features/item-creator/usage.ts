import { and, count, eq, sql } from "drizzle-orm";
import { parisDate } from "@planify/common/time/paris-time";
import { dailyShops, redeemCodes, userItems } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { jsonArrayHolds } from "../../db/dialect";

/** How many accounts own this item number. */
export async function ownerCount(tx: DbOrTx, legacyId: number): Promise<number> {
  return (await first(tx.select({ n: count() }).from(userItems).where(eq(userItems.itemId, legacyId))))?.n ?? 0;
}

/** How many reward codes can still be used (uses left, not expired) and offer this item number or colour id. */
export async function codeCount(tx: DbOrTx, now: number, ref: { itemId?: number; colorId?: string }): Promise<number> {
  const column = ref.itemId !== undefined ? redeemCodes.items : redeemCodes.colors;
  const value = ref.itemId ?? ref.colorId ?? null;
  const row = await first(
    tx
      .select({ n: count() })
      .from(redeemCodes)
      .where(
        and(
          jsonArrayHolds(column, value),
          sql`${redeemCodes.usedCount} < ${redeemCodes.maxUses}`,
          sql`(${redeemCodes.expiresAt} is null or ${redeemCodes.expiresAt} > ${now})`,
        ),
      ),
  );
  return row?.n ?? 0;
}

/** Takes an item or colour out of today's stored shop (it no longer exists, or no longer has this number). */
export async function dropFromTodayShop(tx: DbOrTx, now: number, ref: { itemId?: number; colorId?: string }): Promise<void> {
  const day = parisDate(now);
  const row = await first(tx.select().from(dailyShops).where(eq(dailyShops.parisDay, day)));
  if (!row) return;
  const itemIds = row.itemIds.filter((id) => id !== ref.itemId);
  const colorIds = row.colorIds.filter((id) => id !== ref.colorId);
  if (itemIds.length !== row.itemIds.length || colorIds.length !== row.colorIds.length) {
    await tx.update(dailyShops).set({ itemIds, colorIds }).where(eq(dailyShops.parisDay, day));
  }
}
