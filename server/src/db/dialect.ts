// The few SQL expressions that no single form spells on both engines, in one place: each picks
// the spelling of the engine this process runs on (db/engine-choice.ts, as db/schema does).
// Everything else is written once, in SQL both engines read the same way.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { chosenEngine } from "./engine-choice";

const onPostgres = () => chosenEngine() === "postgres";

/**
 * A subquery's values of `column` as a JSON array in text ('[]' when none), ordered by `column`:
 * SQLite's json_group_array (which reads them in its index order, bytewise), PostgreSQL's
 * json_agg in the same bytewise order (COLLATE "C", whatever the database's collation), so
 * both engines answer the same bytes.
 */
export function jsonArrayOf(column: SQLiteColumn, from: SQL): SQL<string> {
  return onPostgres()
    ? sql<string>`(SELECT coalesce(json_agg(${column} ORDER BY ${column} COLLATE "C")::text, '[]') ${from})`
    : sql<string>`(SELECT json_group_array(${column}) ${from})`;
}

/** Whether the JSON array in `column` holds `value` (a number or a string). */
export function jsonArrayHolds(column: SQLiteColumn, value: number | string | null): SQL {
  return onPostgres()
    ? sql`${column} @> ${JSON.stringify([value])}::jsonb`
    : sql`exists (select 1 from json_each(${column}) where json_each.value = ${value})`;
}

/**
 * The last tie-break of rows inserted at the same instant (the files of one upload share
 * createdAt): SQLite's implicit rowid; PostgreSQL's ctid, the row's place in its table, which
 * follows insertion for rows never updated (db/copy writes a moved school's rows in their old
 * order). Only an erased account's hand-ins are updated (their owner cleared), and may then
 * change places among files of the same millisecond.
 */
export function insertionOrder(table: object): SQL {
  return onPostgres() ? sql`${table}.ctid` : sql`${table}.rowid`;
}
