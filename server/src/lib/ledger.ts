import { count, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/types";
import { engineOf, first, runSql, type RawSql } from "../db/engine";
import { coinLedger, users } from "../db/schema";
import { AppError, notFound } from "./errors";
import { ledgerWritten } from "./live";

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

/** The balances as a statement's RETURNING or SELECT list names them (the keys of Balances). */
export const BALANCES = `coins, leaderboard_coins AS "leaderboardCoins", faction_coins AS "factionCoins"`;

/** The balances as numbers (PostgreSQL's driver answers 64-bit integers as strings). */
export const numbers = (row: Balances): Balances => ({
  coins: Number(row.coins),
  leaderboardCoins: Number(row.leaderboardCoins),
  factionCoins: Number(row.factionCoins),
});

const APPLY_SQL = `UPDATE users SET coins = coins + ?1, leaderboard_coins = leaderboard_coins + ?2, faction_coins = faction_coins + ?3
  WHERE id = ?4 AND coins + ?1 >= 0 AND leaderboard_coins + ?2 >= 0 AND faction_coins + ?3 >= 0
  RETURNING ${BALANCES}`;

const LEDGER_ROW_SQL = `INSERT INTO coin_ledger (user_id, coins_delta, leaderboard_delta, faction_delta, reason, reference, created_at)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`;

async function assertUserExists(raw: RawSql, userId: string): Promise<void> {
  if (!(await raw.get("SELECT 1 FROM users WHERE id = ?1", [userId]))) throw notFound("Utilisateur introuvable.");
}

/**
 * The one way to change a balance: a conditional UPDATE that refuses the
 * whole change when any balance would go below zero, plus a ledger row, both on `tx`.
 * Call it inside the transaction of the action it pays for. Returns the new balances.
 */
export async function applyLedger(tx: DbOrTx, change: LedgerChange): Promise<Balances> {
  const dc = Math.trunc(change.coins ?? 0);
  const dl = Math.trunc(change.leaderboardCoins ?? 0);
  const df = Math.trunc(change.factionCoins ?? 0);
  const raw = engineOf(tx).raw;
  const row = await raw.get<Balances>(APPLY_SQL, [dc, dl, df, change.userId]);
  if (!row) {
    await assertUserExists(raw, change.userId);
    throw new AppError("NOT_ENOUGH_COINS", change.insufficientMessage);
  }
  if (dc !== 0 || dl !== 0 || df !== 0) {
    await raw.run(LEDGER_ROW_SQL, [change.userId, dc, dl, df, change.reason, change.reference ?? null, change.at]);
    ledgerWritten(tx);
  }
  return numbers(row);
}

/** Each balance's column in users. */
export const COLUMN: Record<keyof Balances, string> = {
  coins: "coins",
  leaderboardCoins: "leaderboard_coins",
  factionCoins: "faction_coins",
};
const DELTA: Record<keyof Balances, string> = {
  coins: "coins_delta",
  leaderboardCoins: "leaderboard_delta",
  factionCoins: "faction_delta",
};

/** setBalance's two statements per balance, written once (the ledger row first: it reads the old value). */
const SET_SQL = Object.fromEntries(
  (Object.keys(COLUMN) as (keyof Balances)[]).map((field) => {
    const column = COLUMN[field];
    const deltas = (Object.keys(COLUMN) as (keyof Balances)[]).map((f) => (f === field ? `?2 - ${column}` : "0")).join(", ");
    const ledger = `INSERT INTO coin_ledger (user_id, coins_delta, leaderboard_delta, faction_delta, reason, reference, created_at)
     SELECT id, ${deltas}, ?3, ?4, ?5 FROM users WHERE id = ?1 AND ${column} <> ?2 RETURNING ?2 - ${DELTA[field]} AS before`;
    return [field, { ledger, update: `UPDATE users SET ${column} = ?1 WHERE id = ?2 RETURNING ${BALANCES}, username` }];
  }),
) as Record<keyof Balances, { ledger: string; update: string }>;

/**
 * Sets one balance to an absolute value (admin edits): the ledger records the difference,
 * computed by the database from the stored balance in the same statement that writes the row
 * (no read in JavaScript between the two), then the balance is set. Both on `tx`. Returns the
 * new balances, the one set as it was before, and the user's name (for the admin journal),
 * so the caller needs no read of its own.
 */
export async function setBalance(
  tx: DbOrTx,
  input: { userId: string; field: keyof Balances; value: number; reason: string; reference?: string | null; at: number },
): Promise<Balances & { before: number; username: string }> {
  const value = Math.trunc(input.value);
  if (value < 0) throw new AppError("NOT_ENOUGH_COINS");
  const raw = engineOf(tx).raw;
  const statements = SET_SQL[input.field];
  const written = await raw.get<{ before: number }>(statements.ledger, [
    input.userId,
    value,
    input.reason,
    input.reference ?? null,
    input.at,
  ]);
  const row = await raw.get<Balances & { username: string }>(statements.update, [value, input.userId]);
  if (!row) throw notFound("Utilisateur introuvable.");
  if (written) ledgerWritten(tx);
  // No ledger row: the balance already had that value.
  return { ...numbers(row), before: written ? Number(written.before) : value, username: row.username };
}

/**
 * End of a season: every user's leaderboardCoins and factionCoins go back to 0, with one
 * ledger row per user who had any (reason season-reset), in the caller's transaction.
 * Set-based so that a school of 1,500 students closes its season in one short write.
 */
export async function resetSeasonBalances(tx: DbOrTx, at: number, reference: string): Promise<number> {
  const holders = sql`${users.leaderboardCoins} > 0 OR ${users.factionCoins} > 0`;
  const n = (await first(tx.select({ n: count() }).from(users).where(holders)))?.n ?? 0;
  await runSql(
    tx,
    sql`
    INSERT INTO ${coinLedger} (user_id, coins_delta, leaderboard_delta, faction_delta, reason, reference, created_at)
    SELECT ${users.id}, 0, -${users.leaderboardCoins}, -${users.factionCoins}, 'season-reset', ${reference}, ${at}
    FROM ${users} WHERE ${holders}`,
  );
  await tx.update(users).set({ leaderboardCoins: 0, factionCoins: 0 }).where(holders);
  ledgerWritten(tx);
  return n;
}

/**
 * Admin reset of the factions: every user's factionCoins back to 0 with one ledger row per
 * user who had any (reason faction-reset), set-based like the season reset. Returns how many.
 */
export async function resetFactionBalances(tx: DbOrTx, at: number, reference: string): Promise<number> {
  const holders = sql`${users.factionCoins} > 0`;
  const n = (await first(tx.select({ n: count() }).from(users).where(holders)))?.n ?? 0;
  await runSql(
    tx,
    sql`
    INSERT INTO ${coinLedger} (user_id, coins_delta, leaderboard_delta, faction_delta, reason, reference, created_at)
    SELECT ${users.id}, 0, 0, -${users.factionCoins}, 'faction-reset', ${reference}, ${at}
    FROM ${users} WHERE ${holders}`,
  );
  await tx.update(users).set({ factionCoins: 0 }).where(holders);
  ledgerWritten(tx);
  return n;
}
