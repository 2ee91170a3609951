import { eq } from "drizzle-orm";
import { factionPrice } from "@planify/common/rules/faction-price";
import { factions, users } from "../../db/schema";
import { isFaction } from "../../lib/faction-totals";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";

/**
 * Shop prices by faction: a member pays the catalogue price × their faction's multiplier
 * (set by admins, default 1), rounded half up to a whole coin (factionPrice, in common). A
 * user without a faction pays the catalogue price. Read inside the caller's transaction, so
 * the price shown, checked and charged come from one read.
 */
export async function multiplierOfUser(tx: DbOrTx, userId: string): Promise<number> {
  const faction = (await first(tx.select({ faction: users.faction }).from(users).where(eq(users.id, userId))))?.faction ?? null;
  if (!isFaction(faction)) return 1;
  return (await first(tx.select({ m: factions.priceMultiplier }).from(factions).where(eq(factions.name, faction))))?.m ?? 1;
}

/** What this user pays for an item of catalogue price `base`. */
export const priceForUser = async (tx: DbOrTx, userId: string, base: number): Promise<number> =>
  factionPrice(base, await multiplierOfUser(tx, userId));
