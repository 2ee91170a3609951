import { and, eq } from "drizzle-orm";
import { questCounters } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { engineOf, first } from "../../db/engine";

export interface CounterRow {
  value: number;
  parisDay: string | null;
}

const BUMP_SQL = `INSERT INTO quest_counters (user_id, counter, value, paris_day) VALUES (?1, ?2, ?3, ?4)
  ON CONFLICT (user_id, counter) DO UPDATE SET value = quest_counters.value + ?3, paris_day = COALESCE(?4, quest_counters.paris_day)
  RETURNING value`;

/** Adds `by` to a counter in one statement (row created at `by`); `day` stamps its parisDay. Returns the new value. */
export async function bump(tx: DbOrTx, userId: string, counter: string, by = 1, day: string | null = null): Promise<number> {
  const row = await engineOf(tx).raw.get<{ value: number }>(BUMP_SQL, [userId, counter, by, day]);
  return Number(row?.value ?? 0);
}

const SET_SQL = `INSERT INTO quest_counters (user_id, counter, value, paris_day) VALUES (?1, ?2, ?3, ?4)
  ON CONFLICT (user_id, counter) DO UPDATE SET value = ?3, paris_day = ?4`;

/** Sets a counter to a value and day. */
export async function setCounter(tx: DbOrTx, userId: string, counter: string, value: number, day: string | null): Promise<void> {
  await engineOf(tx).raw.run(SET_SQL, [userId, counter, value, day]);
}

const RAISE_SQL = `INSERT INTO quest_counters (user_id, counter, value) VALUES (?1, ?2, ?3)
  ON CONFLICT (user_id, counter) DO UPDATE SET value = ?3 WHERE quest_counters.value < ?3
  RETURNING value`;

/** Raises a high-water mark to `value`: true only when it was below (a compare-and-set). */
export async function raise(tx: DbOrTx, userId: string, counter: string, value: number): Promise<boolean> {
  return !!(await engineOf(tx).raw.get(RAISE_SQL, [userId, counter, value]));
}

/** Every counter of a user. */
export async function readCounters(db: DbOrTx, userId: string): Promise<Map<string, CounterRow>> {
  const rows = await db
    .select({ counter: questCounters.counter, value: questCounters.value, parisDay: questCounters.parisDay })
    .from(questCounters)
    .where(eq(questCounters.userId, userId));
  return new Map(rows.map((r) => [r.counter, { value: Number(r.value), parisDay: r.parisDay }]));
}

/** Takes `by` off a counter (a repeatable paid). */
export async function lower(tx: DbOrTx, userId: string, counter: string, by: number): Promise<void> {
  await engineOf(tx).raw.run("UPDATE quest_counters SET value = value - ?3 WHERE user_id = ?1 AND counter = ?2", [userId, counter, by]);
}

/** One counter's value (0 when never written). */
export async function counterValue(db: DbOrTx, userId: string, counter: string): Promise<CounterRow> {
  const row = await first(
    db
      .select({ value: questCounters.value, parisDay: questCounters.parisDay })
      .from(questCounters)
      .where(and(eq(questCounters.userId, userId), eq(questCounters.counter, counter))),
  );
  return row ? { value: Number(row.value), parisDay: row.parisDay } : { value: 0, parisDay: null };
}
