import { and, asc, count, eq, max } from "drizzle-orm";
import { catalogueItem } from "@planify/common/constants/catalogue";
import { borderColorByLegacyId } from "@planify/common/constants/border-colors";
import { FAVORITES_MAX, FAVORITES_MESSAGES, type FavoritesResponse } from "@planify/common/schemas/favorites";
import type { AppDeps } from "../../deps";
import { shopFavorites } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { badRequest, notFound } from "../../lib/errors";
import { publishLive } from "../../lib/live";
import { createdNames } from "../item-creator";

/** Whether an item number designates something that exists: a catalogue item or colour, or a created one. */
async function knownItems(db: DbOrTx): Promise<(id: number) => boolean> {
  const created = await createdNames(db);
  return (id) => catalogueItem(id) !== undefined || borderColorByLegacyId(id) !== undefined || created.has(id);
}

/** The account's favourites, oldest first; an item deleted since (a created one) is left out. */
async function favoritesOf(db: DbOrTx, userId: string): Promise<number[]> {
  const known = await knownItems(db);
  const rows = await db
    .select({ itemId: shopFavorites.itemId })
    .from(shopFavorites)
    .where(eq(shopFavorites.userId, userId))
    .orderBy(asc(shopFavorites.createdAt), asc(shopFavorites.itemId));
  return rows.map((r) => r.itemId).filter(known);
}

const answer = (favorites: number[]): FavoritesResponse => ({ success: true, favorites });

/** GET /coins/favorites. */
export async function listFavorites(deps: AppDeps, userId: string): Promise<FavoritesResponse> {
  return answer(await favoritesOf(deps.db, userId));
}

/** The account's favourites for GET /coins/inventory, which carries them as the original's did. */
export const inventoryFavorites = (db: DbOrTx, userId: string) => favoritesOf(db, userId);

/**
 * The item numbers of a PUT body as the original read them (numbers and numeric strings),
 * integers only, each once, in the order sent.
 */
export function itemNumbers(raw: readonly unknown[]): number[] {
  const ids = raw
    .filter((v): v is number | string => typeof v === "number" || (typeof v === "string" && v.trim() !== ""))
    .map(Number)
    .filter(Number.isSafeInteger);
  return [...new Set(ids)];
}

/**
 * PUT /coins/favorites: replaces the list. Unknown items and duplicates are dropped silently,
 * the rest cut at FAVORITES_MAX; the order sent is kept (one millisecond apart, so that
 * reading by creation time gives it back).
 */
export async function replaceFavorites(deps: AppDeps, userId: string, raw: readonly unknown[]): Promise<FavoritesResponse> {
  const now = deps.now();
  return await deps.db.transaction(async (tx) => {
    const known = await knownItems(tx);
    const ids = itemNumbers(raw).filter(known).slice(0, FAVORITES_MAX);
    await tx.delete(shopFavorites).where(eq(shopFavorites.userId, userId));
    if (ids.length) {
      await tx
        .insert(shopFavorites)
        .values(ids.map((itemId, i) => ({ userId, itemId, createdAt: now + i })))
        // Two PUTs at once on PostgreSQL: the later one's rows may meet the earlier one's.
        .onConflictDoNothing();
    }
    await publishLive(tx, now, "inventory", { users: [userId] });
    return answer(await favoritesOf(tx, userId));
  });
}

/** POST /coins/favorites/:itemId: idempotent (a second add, or two at once, leaves one row). */
export async function addFavorite(deps: AppDeps, userId: string, itemId: number): Promise<FavoritesResponse> {
  const now = deps.now();
  return await deps.db.transaction(async (tx) => {
    if (!(await knownItems(tx))(itemId)) throw notFound(FAVORITES_MESSAGES.unknownItem);
    const held = (await first(tx.select({ n: count() }).from(shopFavorites).where(eq(shopFavorites.userId, userId))))?.n ?? 0;
    if (held >= FAVORITES_MAX) {
      const already = await first(
        tx
          .select({ itemId: shopFavorites.itemId })
          .from(shopFavorites)
          .where(and(eq(shopFavorites.userId, userId), eq(shopFavorites.itemId, itemId))),
      );
      if (!already) throw badRequest(FAVORITES_MESSAGES.tooMany);
    }
    // After every row of the list (a PUT spaces its rows a millisecond apart, possibly past `now`): added last.
    const latest = (
      await first(
        tx
          .select({ at: max(shopFavorites.createdAt) })
          .from(shopFavorites)
          .where(eq(shopFavorites.userId, userId)),
      )
    )?.at;
    const createdAt = Math.max(now, (latest ?? 0) + 1);
    const added = await tx.insert(shopFavorites).values({ userId, itemId, createdAt }).onConflictDoNothing().returning();
    if (added.length) await publishLive(tx, now, "inventory", { users: [userId] });
    return answer(await favoritesOf(tx, userId));
  });
}

/** DELETE /coins/favorites/:itemId: idempotent; an item deleted since may still be removed. */
export async function removeFavorite(deps: AppDeps, userId: string, itemId: number): Promise<FavoritesResponse> {
  const now = deps.now();
  return await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(shopFavorites)
      .where(and(eq(shopFavorites.userId, userId), eq(shopFavorites.itemId, itemId)))
      .returning();
    if (removed.length) await publishLive(tx, now, "inventory", { users: [userId] });
    else if (!(await knownItems(tx))(itemId)) throw notFound(FAVORITES_MESSAGES.unknownItem);
    return answer(await favoritesOf(tx, userId));
  });
}
