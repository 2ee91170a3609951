import { DAILY_SHOP_COLOR_POOL } from "@planify/common/constants/border-colors";
import { DAILY_SHOP_ITEM_POOL } from "@planify/common/constants/catalogue";
import { DAILY_SHOP_COLOR_COUNT, DAILY_SHOP_ITEM_COUNT } from "@planify/common/constants/economy";

/** A uniform integer in [0, n). */
export type RandomInt = (n: number) => number;

export interface ShopPicks {
  itemIds: number[];
  colorIds: string[];
}

/** FNV-1a 32-bit hash of a string (seed of a day's draw). */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic generator seeded from a text (mulberry32): the same day gives the same shop. */
export function seededRandomInt(seedText: string): RandomInt {
  let a = fnv1a(seedText);
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const x = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(x * n);
  };
}

/** Picks `count` distinct values, preferring those not in `avoid` (falls back when the pool is small). */
function pick<T>(pool: readonly T[], count: number, avoid: ReadonlySet<T>, random: RandomInt): T[] {
  const preferred = pool.filter((x) => !avoid.has(x));
  const source = preferred.length >= count ? preferred : [...pool];
  const copy = [...source];
  const out: T[] = [];
  for (let i = 0; i < count && copy.length > 0; i++) {
    const j = random(copy.length);
    out.push(copy[j]!);
    copy.splice(j, 1);
  }
  return out;
}

const NO_PICKS: ShopPicks = { itemIds: [], colorIds: [] };

/**
 * Draws a shop of 3 items and 3 colours, avoiding the given picks (the previous day's), from
 * the fixed pools plus `extra` (the created items and colours marked for the daily shop).
 */
export function drawShop(random: RandomInt, avoid: ShopPicks = NO_PICKS, extra: ShopPicks = NO_PICKS): ShopPicks {
  return {
    itemIds: pick([...DAILY_SHOP_ITEM_POOL, ...extra.itemIds], DAILY_SHOP_ITEM_COUNT, new Set(avoid.itemIds), random),
    colorIds: pick([...DAILY_SHOP_COLOR_POOL, ...extra.colorIds], DAILY_SHOP_COLOR_COUNT, new Set(avoid.colorIds), random),
  };
}

/** The seeded shop of a Paris day ("YYYY-MM-DD"), avoiding the previous day's picks. */
export function seededShop(day: string, previous: ShopPicks | null, extra: ShopPicks = NO_PICKS): ShopPicks {
  return drawShop(seededRandomInt(`planify-daily-shop:${day}`), previous ?? undefined, extra);
}
