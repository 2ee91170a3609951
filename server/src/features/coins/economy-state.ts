import { eq } from "drizzle-orm";
import { userEconomy } from "../../db/schema";
import type { DbOrTx } from "../../db/types";

export type EconomyState = typeof userEconomy.$inferSelect;

/** A user's wheel and style state (defaults when no row exists yet). */
export function economyState(tx: DbOrTx, userId: string): EconomyState {
  return (
    tx.select().from(userEconomy).where(eq(userEconomy.userId, userId)).get() ?? {
      userId,
      lossStreak: 0,
      discordVariant: 0,
      jojoVariant: 0,
    }
  );
}

/** Writes part of a user's wheel and style state. */
export function saveEconomyState(tx: DbOrTx, userId: string, patch: Partial<Omit<EconomyState, "userId">>): void {
  tx.insert(userEconomy)
    .values({ ...economyState(tx, userId), ...patch, userId })
    .onConflictDoUpdate({ target: userEconomy.userId, set: patch })
    .run();
}
