import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { coinLedger, users } from "../db/schema";
import { AppError, notFound } from "./errors";

/** A drizzle transaction (bun:sqlite transactions are synchronous). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or a transaction: every ledger call runs inside the caller's transaction. */
export type DbOrTx = Db | Tx;

export interface LedgerChange {
  userId: string;
  coins?: number;
  leaderboardCoins?: number;
  factionCoins?: number;
  /** purchase, wheel, milestone, admin-set, code, demo, faction-switch, … */
  reason: string;
  reference?: string | null;
  /** Time of the change in ms (deps.now()). */
  at: number;
  /** Message of the refusal when a balance would go below zero. */
  insufficientMessage?: string;
}

export interface Balances {
  coins: number;
  leaderboardCoins: number;
  factionCoins: number;
}

/**
 * The one way to change a balance: a conditional UPDATE that refuses the
 * whole change when any balance would go below zero, plus a ledger row, both on `tx`.
 * Call it inside the transaction of the action it pays for. Returns the new balances.
 */
export function applyLedger(tx: DbOrTx, change: LedgerChange): Balances {
  const dc = Math.trunc(change.coins ?? 0);
  const dl = Math.trunc(change.leaderboardCoins ?? 0);
  const df = Math.trunc(change.factionCoins ?? 0);
  const row = tx
    .update(users)
    .set({
      coins: sql`${users.coins} + ${dc}`,
      leaderboardCoins: sql`${users.leaderboardCoins} + ${dl}`,
      factionCoins: sql`${users.factionCoins} + ${df}`,
    })
    .where(
      and(
        eq(users.id, change.userId),
        sql`${users.coins} + ${dc} >= 0`,
        sql`${users.leaderboardCoins} + ${dl} >= 0`,
        sql`${users.factionCoins} + ${df} >= 0`,
      ),
    )
    .returning({ coins: users.coins, leaderboardCoins: users.leaderboardCoins, factionCoins: users.factionCoins })
    .get();
  if (!row) {
    const exists = tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId)).get();
    if (!exists) throw notFound("Utilisateur introuvable.");
    throw new AppError("NOT_ENOUGH_COINS", change.insufficientMessage);
  }
  if (dc !== 0 || dl !== 0 || df !== 0) {
    tx.insert(coinLedger)
      .values({
        userId: change.userId,
        coinsDelta: dc,
        leaderboardDelta: dl,
        factionDelta: df,
        reason: change.reason,
        reference: change.reference ?? null,
        createdAt: change.at,
      })
      .run();
  }
  return row;
}

/**
 * Sets one balance to an absolute value (admin edits): the ledger records the difference.
 */
export function setBalance(
  tx: DbOrTx,
  input: { userId: string; field: keyof Balances; value: number; reason: string; reference?: string | null; at: number },
): Balances {
  const current = tx
    .select({ coins: users.coins, leaderboardCoins: users.leaderboardCoins, factionCoins: users.factionCoins })
    .from(users)
    .where(eq(users.id, input.userId))
    .get();
  if (!current) throw notFound("Utilisateur introuvable.");
  const delta = Math.trunc(input.value) - current[input.field];
  return applyLedger(tx, { userId: input.userId, [input.field]: delta, reason: input.reason, reference: input.reference, at: input.at });
}

/**
 * End of a season: every user's leaderboardCoins and factionCoins go back to 0, with one
 * ledger row per user who had any (reason season-reset), in the caller's transaction.
 * Set-based so that a school of 1,500 students closes its season in one short write.
 */
export function resetSeasonBalances(tx: DbOrTx, at: number, reference: string): number {
  const holders = sql`${users.leaderboardCoins} > 0 OR ${users.factionCoins} > 0`;
  const n = tx.select({ n: sql<number>`count(*)` }).from(users).where(holders).get()?.n ?? 0;
  tx.run(sql`
    INSERT INTO ${coinLedger} (user_id, coins_delta, leaderboard_delta, faction_delta, reason, reference, created_at)
    SELECT ${users.id}, 0, -${users.leaderboardCoins}, -${users.factionCoins}, 'season-reset', ${reference}, ${at}
    FROM ${users} WHERE ${holders}`);
  tx.update(users).set({ leaderboardCoins: 0, factionCoins: 0 }).where(holders).run();
  return n;
}

/**
 * Admin reset of the factions: every user's factionCoins back to 0 with one ledger row per
 * user who had any (reason faction-reset), set-based like the season reset. Returns how many.
 */
export function resetFactionBalances(tx: DbOrTx, at: number, reference: string): number {
  const holders = sql`${users.factionCoins} > 0`;
  const n = tx.select({ n: sql<number>`count(*)` }).from(users).where(holders).get()?.n ?? 0;
  tx.run(sql`
    INSERT INTO ${coinLedger} (user_id, coins_delta, leaderboard_delta, faction_delta, reason, reference, created_at)
    SELECT ${users.id}, 0, 0, -${users.factionCoins}, 'faction-reset', ${reference}, ${at}
    FROM ${users} WHERE ${holders}`);
  tx.update(users).set({ factionCoins: 0 }).where(holders).run();
  return n;
}
