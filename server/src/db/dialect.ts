// The few SQL expressions that no single form spells on both engines, in one place: each picks
// the spelling of the engine this process runs on (db/engine-choice.ts, as db/schema does).
// Everything else is written once, in SQL both engines read the same way.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { chosenEngine } from "./engine-choice";

const onPostgres = () => chosenEngine() === "postgres";

/**
 * A subquery's values of `column` as a JSON array in text ('[]' when none), ordered by `column`:
 * SQLite's json_group_array (which reads them in its index order), PostgreSQL's json_agg.
 */
export function jsonArrayOf(column: SQLiteColumn, from: SQL): SQL<string> {
  return onPostgres()
    ? sql<string>`(SELECT coalesce(json_agg(${column} ORDER BY ${column})::text, '[]') ${from})`
    : sql<string>`(SELECT json_group_array(${column}) ${from})`;
}

/** Whether the JSON array in `column` holds `value` (a number or a string). */
export function jsonArrayHolds(column: SQLiteColumn, value: number | string | null): SQL {
  return onPostgres()
    ? sql`${column} @> ${JSON.stringify([value])}::jsonb`
    : sql`exists (select 1 from json_each(${column}) where json_each.value = ${value})`;
}

/**
 * The last tie-break of rows inserted at the same instant: insertion order on SQLite (its
 * implicit rowid, as always), the primary key on PostgreSQL (which has no row number).
 */
export function insertionOrder(table: object, primaryKey: SQLiteColumn): SQL {
  return onPostgres() ? sql`${primaryKey}` : sql`${table}.rowid`;
}
