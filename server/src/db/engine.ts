// The database engine under drizzle, as the services see it: SQLite (embedded, the default) or
// PostgreSQL. Services write drizzle queries once and `await` them; what differs between the two
// engines (transactions, raw statements, the write stamp caches follow) lives behind `Engine`.
import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

export type EngineKind = "sqlite" | "postgres";

/** A raw SQL parameter: the values both engines bind the same way. */
export type SqlParam = string | number | boolean | null;

/**
 * Raw SQL for the few hot statements written by hand (the ledger, the task list): numbered
 * parameters `?1`, `?2`… in the SQL text (PostgreSQL's `$1` is derived from it), column aliases
 * quoted where their case matters.
 */
export interface RawSql {
  get<T>(text: string, params?: readonly SqlParam[]): Promise<T | undefined>;
  all<T>(text: string, params?: readonly SqlParam[]): Promise<T[]>;
  run(text: string, params?: readonly SqlParam[]): Promise<number>;
}

export interface Engine {
  readonly kind: EngineKind;
  /** drizzle over this engine: the same query builders on both (typed as SQLite's). */
  readonly db: Db;
  /** Raw statements outside or inside the current transaction (the one this async context runs in). */
  readonly raw: RawSql;
  /**
   * Runs a statement of the engine's own driver as its queries run: on SQLite after another
   * async context's open transaction (db/tx-gate.ts); on PostgreSQL at once.
   */
  serial<T>(statement: () => T): Promise<T>;
  /** True when the calling async context runs inside one of this engine's transactions. */
  inTransaction(): boolean;
  /**
   * Moves on every write to the database, whoever made it (caches kept "until the next write"
   * compare it): SQLite's own counters; on PostgreSQL the writes this process made. Given a
   * table, it may move only on the writes that can change that table (PostgreSQL,
   * db/pg-write-stamps.ts); on SQLite it moves on every write all the same.
   */
  writeStamp(table?: string): string;
  /**
   * Moves on the writes to that one row that move no table stamp (on PostgreSQL, a change of the
   * balances of a user: db/pg-write-stamps.ts); constant on SQLite, whose one stamp moves on every write.
   */
  rowStamp(table: string, id: string): number;
  /**
   * PostgreSQL: hears a notification channel (the NOTIFY of every node, delivered on commit);
   * `onListen` runs when listening starts and again after a lost connection came back (what was
   * sent meanwhile went unheard). Null on SQLite, or when the server refuses LISTEN (a pooler).
   */
  listen(channel: string, onMessage: (payload: string) => void, onListen?: () => void): Promise<{ unlisten(): Promise<void> } | null>;
  close(): Promise<void>;
}

const ENGINE = Symbol.for("planify.engine");

/** Ties `db` (or a transaction of it) to its engine, so helpers given only a drizzle handle find it. */
export function attachEngine<T extends object>(db: T, engine: Engine): T {
  Object.defineProperty(db, ENGINE, { value: engine, enumerable: false, configurable: true });
  return db;
}

/** The engine under a drizzle database or transaction handed out by `openDatabase`. */
export function engineOf(db: object): Engine {
  const engine = (db as { [ENGINE]?: Engine })[ENGINE];
  if (!engine) throw new Error("db: this drizzle handle was not opened by openDatabase");
  return engine;
}

interface FirstOf<T> {
  get?: () => T | Promise<T>;
  limit?: (n: number) => PromiseLike<T[]>;
  then: unknown;
}

/**
 * The first row a query answers, or undefined: SQLite's `.get()` on both engines. A select
 * gets `LIMIT 1` on PostgreSQL; an insert, update or delete `…returning()` gives its first row.
 */
export async function first<Q extends { get(): unknown }>(query: Q): Promise<Awaited<ReturnType<Q["get"]>>> {
  const q = query as unknown as FirstOf<Awaited<ReturnType<Q["get"]>>>;
  if (typeof q.get === "function") return await q.get();
  const rows = (await (typeof q.limit === "function" ? q.limit(1) : (q as unknown as PromiseLike<unknown[]>))) as unknown[];
  return rows[0] as Awaited<ReturnType<Q["get"]>>;
}

interface SqlRunner {
  run?: (query: SQL) => unknown;
  all?: (query: SQL) => unknown;
  execute?: (query: SQL) => PromiseLike<unknown>;
}

/** Runs a whole statement written with drizzle's `sql` (SQLite's `db.run(sql…)`) on either engine. */
export async function runSql(db: object, query: SQL): Promise<void> {
  const runner = db as SqlRunner;
  if (typeof runner.run === "function") await runner.run(query);
  else await runner.execute!(query);
}

/** The rows of a whole statement written with drizzle's `sql` (SQLite's `db.all(sql…)`) on either engine. */
export async function allSql<T>(db: object, query: SQL): Promise<T[]> {
  const runner = db as SqlRunner;
  if (typeof runner.all === "function") return (await runner.all(query)) as T[];
  return (await runner.execute!(query)) as T[];
}
