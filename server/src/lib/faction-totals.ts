import { eq, sql } from "drizzle-orm";
import { FACTIONS, type Faction } from "@planify/common/constants/school";
import { factions } from "../db/schema";
import type { DbOrTx } from "../db/types";

export function isFaction(name: string | null | undefined): name is Faction {
  return (FACTIONS as readonly string[]).includes(name ?? "");
}

/**
 * Adds coins a member earned to their faction's season total, on the caller's transaction
 * (the same one that credits the member's factionCoins through the ledger).
 */
export async function creditFactionTotal(tx: DbOrTx, faction: string | null, amount: number, at: number): Promise<void> {
  if (!isFaction(faction) || amount <= 0) return;
  await tx
    .update(factions)
    .set({ totalCoins: sql`${factions.totalCoins} + ${Math.trunc(amount)}`, updatedAt: at })
    .where(eq(factions.name, faction));
}
