// PostgreSQL only: an admin's balance edit (lib/ledger.ts's setBalance and the journal line that
// describes it) as ONE statement. A data-modifying WITH is atomic on its own, so it needs no
// BEGIN and no COMMIT: one round trip where the transaction takes five. SQLite keeps setBalance
// in a transaction (no round trips there).
//
// It runs outside any transaction, at READ COMMITTED, and stays exact there: `o` locks the row
// (FOR NO KEY UPDATE, as the UPDATE itself would) and reads the balance it holds at that moment,
// after any write that was committed meanwhile; nobody else can change it until the statement
// ends, so `before` is the very value the UPDATE replaces and the ledger's difference sums up.
// The UPDATE is a balance-only one of one row (db/pg-write-stamps.ts recognises it inside the
// WITH: only that user's row stamp moves) and the ledger row and the journal line are written
// from its RETURNING: both exist exactly when the balance changed hands, never otherwise.
import { engineOf } from "../db/engine";
import type { DbOrTx } from "../db/types";
import { JOURNAL_INSERT_INTO, type JournalActor } from "./journal";
import { type Balances, BALANCES, COLUMN, numbers } from "./ledger";
import { ledgerWritten } from "./live";

export interface JournaledBalanceEdit {
  userId: string;
  field: keyof Balances;
  /** The new balance (a whole number, 0 or more). */
  value: number;
  reason: string;
  reference: string | null;
  at: number;
  /**
   * The user's name as last seen: the summary is written around it, so the statement writes
   * nothing when the user has another name now (or no longer exists).
   */
  username: string;
  journal: {
    actor: JournalActor;
    action: string;
    /** The journal's summary is `before + old balance + after`. */
    summary: { before: string; after: string };
  };
}

/** The statement of each balance, written once. Parameters are listed in setBalanceJournaled. */
const SQL = Object.fromEntries(
  (Object.keys(COLUMN) as (keyof Balances)[]).map((field) => {
    const column = COLUMN[field];
    const deltas = (Object.keys(COLUMN) as (keyof Balances)[]).map((f) => (f === field ? "?2 - before" : "0")).join(", ");
    const text = `WITH o AS MATERIALIZED (SELECT ${column} AS before FROM users WHERE id = ?1 AND username = ?3 FOR NO KEY UPDATE),
u AS (UPDATE users SET ${column} = ?2 WHERE id = ?1 AND EXISTS (SELECT FROM o) RETURNING (SELECT before FROM o) AS before, ${BALANCES}),
l AS (INSERT INTO coin_ledger (user_id, coins_delta, leaderboard_delta, faction_delta, reason, reference, created_at)
  SELECT ?1, ${deltas}, ?4::text, ?5::text, ?6::bigint FROM u WHERE before <> ?2),
j AS (INSERT INTO ${JOURNAL_INSERT_INTO}
  SELECT ?6::bigint, ?7::text, ?8::text, ?9::text, ?1, ?3, ?10::text || before::text || ?11::text,
  jsonb_build_object('${field}', jsonb_build_object('before', before, 'after', ?2::bigint)) FROM u)
SELECT * FROM u`;
    return [field, text];
  }),
) as Record<keyof Balances, string>;

/**
 * Sets one balance to an absolute value with its ledger row (when it differs) and its journal
 * line, in one statement (PostgreSQL only; outside any transaction). Returns the new balances
 * and the one set as it was before, or null when nothing was written: no user with that id and
 * name (the caller then takes the transaction's way, which reads them afresh).
 */
export async function setBalanceJournaled(db: DbOrTx, edit: JournaledBalanceEdit): Promise<(Balances & { before: number }) | null> {
  const engine = engineOf(db);
  if (engine.kind !== "postgres" || engine.inTransaction()) throw new Error("setBalanceJournaled: PostgreSQL, outside a transaction");
  const { actor, action, summary } = edit.journal;
  const row = await engine.raw.get<Balances & { before: number }>(SQL[edit.field], [
    edit.userId,
    edit.value,
    edit.username,
    edit.reason,
    edit.reference,
    edit.at,
    actor.id,
    actor.username,
    action,
    summary.before,
    summary.after,
  ]);
  if (!row) return null;
  const before = Number(row.before);
  if (before !== edit.value) ledgerWritten(db);
  return { ...numbers(row), before };
}
