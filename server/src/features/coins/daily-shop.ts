import { eq } from "drizzle-orm";
import type { ShopEntry, WeeklyItemsResponse } from "@planify/common/schemas/economy";
import type { AppDeps } from "../../deps";
import { dailyShops } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import type { DbOrTx } from "../../db/types";
import { addDays, formatDuration, nextParisMidnight, parisDate } from "@planify/common/time/paris-time";
import { listUserItems, findTarget, resolveTarget } from "../items";
import { createdDailyPools } from "../item-creator";
import { drawShop, seededShop, type ShopPicks } from "./daily-shop-draw";
import { cryptoRandomInt } from "./random";
import { factionPrice } from "@planify/common/rules/faction-price";
import { multiplierOfUser } from "../factions";
import { first } from "../../db/engine";

async function storedShop(tx: DbOrTx, day: string): Promise<ShopPicks | null> {
  const row = await first(tx.select().from(dailyShops).where(eq(dailyShops.parisDay, day)));
  return row ? { itemIds: row.itemIds, colorIds: row.colorIds } : null;
}

/**
 * Today's shop for everyone: read it, or draw it from the day's seed (avoiding the previous
 * day's stored shop, or that day's natural draw) and store it; a concurrent first request
 * keeps whichever row was stored first.
 */
export async function ensureDailyShop(tx: DbOrTx, day: string, at: number): Promise<ShopPicks> {
  const existing = await storedShop(tx, day);
  if (existing) return existing;
  const yesterday = addDays(day, -1);
  const previous = (await storedShop(tx, yesterday)) ?? seededShop(yesterday, null);
  const picks = seededShop(day, previous, await createdDailyPools(tx));
  await tx
    .insert(dailyShops)
    .values({ parisDay: day, ...picks, createdAt: at })
    .onConflictDoNothing();
  return (await storedShop(tx, day))!;
}

/** Whether a legacy id (item) or colour id is on sale today. */
export function isInShop(picks: ShopPicks, target: { kind: "item" | "color"; legacyId: number; colorId?: string }): boolean {
  return target.kind === "item" ? picks.itemIds.includes(target.legacyId) : picks.colorIds.includes(target.colorId ?? "");
}

/** The shop's entries; a created item or colour deleted or unpriced since the draw is left out. */
async function entries(tx: DbOrTx, picks: ShopPicks, owned: Set<number>, multiplier: number): Promise<ShopEntry[]> {
  const items: ShopEntry[] = [];
  for (const id of picks.itemIds) {
    const target = await findTarget(tx, id);
    if (target?.kind !== "item" || !target.price) continue;
    const { item } = target;
    items.push({
      kind: "item",
      id,
      legacyId: id,
      colorId: null,
      name: item.name,
      price: factionPrice(target.price, multiplier),
      basePrice: target.price,
      type: item.displayType,
      color: null,
      gradient: null,
      owned: owned.has(id),
    });
  }
  const colors: ShopEntry[] = [];
  for (const id of picks.colorIds) {
    const target = await findTarget(tx, id);
    if (target?.kind !== "color" || !target.price) continue;
    const { color: c, legacyId } = target;
    colors.push({
      kind: "color",
      id: legacyId,
      legacyId,
      colorId: c.id,
      name: c.name,
      price: factionPrice(c.price, multiplier),
      basePrice: c.price,
      type: c.type,
      color: c.color,
      gradient: c.gradient,
      owned: owned.has(legacyId),
    });
  }
  return [...items, ...colors];
}

/** GET /coins/weekly-items: today's shop with the user's ownership and the countdown. */
export async function weeklyItems(deps: AppDeps, userId: string): Promise<WeeklyItemsResponse> {
  const now = deps.now();
  const day = parisDate(now);
  return await deps.db.transaction(async (tx) => {
    const picks = await ensureDailyShop(tx, day, now);
    const owned = new Set((await listUserItems(tx, userId)).map((r) => r.itemId));
    const multiplier = await multiplierOfUser(tx, userId);
    const next = nextParisMidnight(now);
    return {
      success: true as const,
      date: day,
      weeklyItems: await entries(tx, picks, owned, multiplier),
      timeUntilReset: formatDuration(next - now),
      nextReset: new Date(next).toISOString(),
    };
  });
}

/** Admin re-roll: a fresh random draw for today, avoiding yesterday's and the current picks. */
export async function rerollShop(deps: AppDeps): Promise<ShopPicks> {
  const now = deps.now();
  const day = parisDate(now);
  return await deps.db.transaction(async (tx) => {
    const current = await ensureDailyShop(tx, day, now);
    const yesterday = (await storedShop(tx, addDays(day, -1))) ?? { itemIds: [], colorIds: [] };
    const avoid = { itemIds: [...current.itemIds, ...yesterday.itemIds], colorIds: [...current.colorIds, ...yesterday.colorIds] };
    const picks = drawShop(cryptoRandomInt, avoid, await createdDailyPools(tx));
    const row = await first(tx.select({ rerolls: dailyShops.rerolls }).from(dailyShops).where(eq(dailyShops.parisDay, day)));
    await tx
      .update(dailyShops)
      .set({ ...picks, rerolls: (row?.rerolls ?? 0) + 1 })
      .where(eq(dailyShops.parisDay, day));
    return picks;
  });
}

/** Admin test-add / test-remove of one priced item or colour in today's shop (stored). */
export async function editTodayShop(deps: AppDeps, ref: number | string, mode: "add" | "remove"): Promise<ShopPicks> {
  const target = await resolveTarget(deps.db, ref);
  if (mode === "add" && (target.price === null || target.price <= 0)) throw badRequest("Cet item n'est pas vendable.");
  const now = deps.now();
  const day = parisDate(now);
  return await deps.db.transaction(async (tx) => {
    const picks = await ensureDailyShop(tx, day, now);
    const colorId = target.kind === "color" ? target.color.id : undefined;
    const present = isInShop(picks, { kind: target.kind, legacyId: target.legacyId, colorId });
    if (mode === "remove" && !present) throw notFound("Cet item n'est pas dans la boutique du jour.");
    const next: ShopPicks = { itemIds: [...picks.itemIds], colorIds: [...picks.colorIds] };
    if (mode === "add" && !present) {
      if (target.kind === "item") next.itemIds.push(target.legacyId);
      else next.colorIds.push(colorId!);
    }
    if (mode === "remove") {
      next.itemIds = next.itemIds.filter((id) => target.kind !== "item" || id !== target.legacyId);
      next.colorIds = next.colorIds.filter((id) => id !== colorId);
    }
    await tx.update(dailyShops).set(next).where(eq(dailyShops.parisDay, day));
    return next;
  });
}
