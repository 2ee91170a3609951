import { eq } from "drizzle-orm";
import { userEconomy } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";

export type EconomyState = typeof userEconomy.$inferSelect;

/** A user's wheel and style state (defaults when no row exists yet). */
export async function economyState(tx: DbOrTx, userId: string): Promise<EconomyState> {
  return (
    (await first(tx.select().from(userEconomy).where(eq(userEconomy.userId, userId)))) ?? {
      userId,
      lossStreak: 0,
      discordVariant: 0,
      jojoVariant: 0,
    }
  );
}

/** Writes part of a user's wheel and style state. */
export async function saveEconomyState(tx: DbOrTx, userId: string, patch: Partial<Omit<EconomyState, "userId">>): Promise<void> {
  await tx
    .insert(userEconomy)
    .values({ ...(await economyState(tx, userId)), ...patch, userId })
    .onConflictDoUpdate({ target: userEconomy.userId, set: patch });
}
