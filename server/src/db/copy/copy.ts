// The table copier between engines: every table of the schema, parents first, read in pages in
// the order its rows were written (keyset on rowid / ctid: bounded memory whatever its size) from one drizzle handle
// and inserted into another. drizzle's own column mappings carry the values across (SQLite's
// 0/1 and JSON text, PostgreSQL's boolean and jsonb); both schemas have the same row types
// (schema-pg/row-types.test.ts). The caller owns the transactions on both sides.
import { count, getTableColumns, type SQL, sql } from "drizzle-orm";
import { allSql } from "../engine";
import { COPY_ORDER, type TablePair, TRIGGER_WRITTEN } from "./tables";

export type Dialect = "sqlite" | "postgres";

/** One end of a copy: a drizzle database or transaction of that dialect. */
export interface CopySide {
  dialect: Dialect;
  db: object;
}

type Row = Record<string, unknown>;
interface Query extends PromiseLike<Row[]> {
  where(condition: SQL | undefined): Query;
  orderBy(column: SQL): Query;
  limit(n: number): Query;
}
interface LooseDb {
  select(fields?: Record<string, unknown>): { from(table: object): Query };
  insert(table: object): { values(rows: Row[]): PromiseLike<unknown> };
  delete(table: object): PromiseLike<unknown>;
}

/** Bound parameters per insert: far below PostgreSQL's 65,535 and SQLite's 32,766. */
const PARAMS_PER_INSERT = 16_000;
/** Rows read at once (a page of the source), at most. */
export const DEFAULT_BATCH_ROWS = 500;

export interface CopyOptions {
  batchRows?: number;
  /** Told after each table: its name and its rows. */
  onTable?: (name: string, rows: number) => void;
}

export interface CopyResult {
  /** Rows per table, as read at the source and counted again at the target. */
  counts: Record<string, number>;
  rows: number;
}

/** The key a row's position is read under (no column of the schema has it). */
const POSITION = "__copyPosition";

const tableOf = (side: CopySide, pair: TablePair) => (side.dialect === "sqlite" ? pair.sqlite : pair.pg) as unknown as Record<string, SQL>;
const loose = (side: CopySide) => side.db as LooseDb;

/**
 * A row's place in its table, in the order rows were written: SQLite's rowid, PostgreSQL's
 * ctid (stable inside the copy's snapshot). Reading in that order and inserting in it keeps
 * the order of rows a query leaves to insertion (files of one upload, same createdAt).
 */
const position = (side: CopySide, table: object) => (side.dialect === "sqlite" ? sql`${table}.rowid` : sql`${table}.ctid`);
/** The position as the driver can read it back (a tid as its text "(page,item)"). */
const positionValue = (side: CopySide, table: object) => (side.dialect === "sqlite" ? sql`${table}.rowid` : sql`${table}.ctid::text`);
const after = (side: CopySide, table: object, last: string | number) =>
  side.dialect === "sqlite" ? sql`${table}.rowid > ${last}` : sql`${table}.ctid > ${last}::tid`;

/** The rows of one table, page by page in the order they were written. */
export async function* readTable(side: CopySide, pair: TablePair, batchRows = DEFAULT_BATCH_ROWS): AsyncGenerator<Row[]> {
  const table = tableOf(side, pair);
  const columns = getTableColumns(table as never) as Record<string, unknown>;
  let last: string | number | null = null;
  for (;;) {
    const page: Row[] = await loose(side)
      .select({ ...columns, [POSITION]: positionValue(side, table) })
      .from(table)
      .where(last === null ? undefined : after(side, table, last))
      .orderBy(position(side, table))
      .limit(batchRows);
    if (page.length === 0) return;
    last = page[page.length - 1]![POSITION] as string | number;
    yield page.map(({ [POSITION]: _, ...row }) => row);
    if (page.length < batchRows) return;
  }
}

/** Rows of one table. */
export async function countRows(side: CopySide, pair: TablePair): Promise<number> {
  const [row] = await loose(side).select({ n: count() }).from(tableOf(side, pair));
  return Number(row?.n ?? 0);
}

async function insertRows(side: CopySide, pair: TablePair, rows: Row[]): Promise<void> {
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const step = Math.max(1, Math.floor(PARAMS_PER_INSERT / columns));
  for (let i = 0; i < rows.length; i += step)
    await loose(side)
      .insert(tableOf(side, pair))
      .values(rows.slice(i, i + step));
}

/** Empties every table of a side, children first (a migrated database's seed rows, a school being replaced). */
export async function clearTables(side: CopySide): Promise<void> {
  for (const pair of [...COPY_ORDER].reverse()) await loose(side).delete(tableOf(side, pair));
}

/** PostgreSQL: each identity column's sequence set past the largest id copied. */
async function resetSequences(side: CopySide): Promise<void> {
  const identities = await allSql<{ table_name: string; column_name: string }>(
    side.db,
    sql`SELECT table_name, column_name FROM information_schema.columns WHERE is_identity = 'YES' AND table_schema = current_schema()`,
  );
  for (const { table_name: t, column_name: c } of identities) {
    await allSql(
      side.db,
      sql`SELECT setval(pg_get_serial_sequence(${`"${t}"`}, ${c}), COALESCE((SELECT MAX(${sql.identifier(c)}) FROM ${sql.identifier(t)}), 0) + 1, false)`,
    );
  }
}

/** A French message for a table whose rows did not all arrive. */
export class CopyCountError extends Error {}

/**
 * Copies every table of `from` into `to`, which is emptied first (in reverse foreign-key
 * order), then counts each table again on both sides; on PostgreSQL, sets the identity
 * sequences past the copied ids; on SQLite, checks the foreign keys. Throws (in French) on a
 * count that differs; the caller rolls its target transaction back.
 */
export async function copyTables(from: CopySide, to: CopySide, options: CopyOptions = {}): Promise<CopyResult> {
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  await clearTables(to);
  const counts: Record<string, number> = {};
  let total = 0;
  for (const pair of COPY_ORDER) {
    // Rows the copy's own inserts made through the target's triggers go before the real ones.
    if (TRIGGER_WRITTEN.has(pair.name)) await loose(to).delete(tableOf(to, pair));
    let copied = 0;
    for await (const rows of readTable(from, pair, batchRows)) {
      await insertRows(to, pair, rows);
      copied += rows.length;
    }
    const [atSource, atTarget] = [await countRows(from, pair), await countRows(to, pair)];
    if (atSource !== copied || atTarget !== copied)
      throw new CopyCountError(
        `Copie incomplète : la table ${pair.name} compte ${atTarget} ligne(s) à l'arrivée pour ${atSource} au départ (${copied} copiée(s)).`,
      );
    counts[pair.name] = copied;
    total += copied;
    options.onTable?.(pair.name, copied);
  }
  if (to.dialect === "postgres") await resetSequences(to);
  else {
    const broken = await allSql(to.db, sql`PRAGMA foreign_key_check`);
    if (broken.length > 0) throw new CopyCountError(`Copie incohérente : ${broken.length} référence(s) sans ligne d'origine.`);
  }
  return { counts, rows: total };
}
