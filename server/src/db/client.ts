import { Database, type SQLQueryBindings, type Statement } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "./schema/sqlite";
import { applyMigrations } from "./migrate";
import { attachEngine, type Engine, type RawSql, type SqlParam } from "./engine";
import { TxGate } from "./tx-gate";
import { writeStamp } from "../lib/cache/write-stamp";

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * Distinct SQL texts bun:sqlite keeps compiled (its default is 20): a list's IN (…) varies in
 * length, the rest is a few hundred texts. Process-wide, as bun:sqlite sets it.
 */
Database.MAX_QUERY_CACHE_SIZE = 2000;

/**
 * The connection as drizzle sees it: `prepare` answers from bun:sqlite's own cache of compiled
 * statements (Database.query, least recently used out first), the one the server's direct
 * queries use too. drizzle compiles every query it runs (sqlite3_prepare), and for most of ours
 * that cost more than running it: the same handful of texts come back on every request.
 */
class Connection extends Database {
  // Bun 1.4's query() compiles through an internal method, not through prepare(): no loop.
  // A call with bound parameters (never drizzle's) keeps bun:sqlite's own prepare.
  override prepare<ReturnType, ParamsType extends SQLQueryBindings | SQLQueryBindings[]>(
    sql: string,
    params?: ParamsType,
    // biome-ignore lint/suspicious/noExplicitAny: the very signature bun-types gives Database.prepare
  ): Statement<ReturnType, ParamsType extends any[] ? ParamsType : [ParamsType]> {
    if (params !== undefined) return super.prepare<ReturnType, ParamsType>(sql, params);
    return this.query<ReturnType, ParamsType>(sql);
  }
}

export interface DatabaseHandle {
  engine: Engine;
  /** The SQLite connection (backups, migrations and the commands that work on the file). */
  sqlite: Database;
  db: Db;
  close(): void;
}

/** Opens (or creates) the SQLite database, sets the pragmas and applies pending migrations. */
export function openDatabase(path: string): DatabaseHandle {
  const sqlite: Database = new Connection(path, { create: true, strict: true });
  if (path !== ":memory:") sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  // Checkpoints (the only fsyncs in NORMAL) every 4,000 WAL pages (16 MiB) rather than 1,000:
  // a page written by many commits in a row (a balance, an index leaf) is copied back once.
  if (path !== ":memory:") sqlite.exec("PRAGMA wal_autocheckpoint = 4000");
  // 32 MiB of page cache instead of SQLite's 2 MiB: a school's working set (this term's tasks,
  // their groups and states, the users) stays in memory as the history grows, instead of being
  // read again from the file on every list. Filled only as pages are read.
  sqlite.exec("PRAGMA cache_size = -32768");
  applyMigrations(sqlite);
  const db = drizzle({ client: sqlite, schema });
  const engine = sqliteEngine(sqlite, db, () => {
    // Fold the WAL back into the main file so a copied data folder is self-contained.
    if (path !== ":memory:") sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    sqlite.close();
  });
  return { engine, sqlite, db, close: () => void engine.close() };
}

type Prepared = Record<"run" | "all" | "get" | "values" | "execute", (placeholders?: unknown) => unknown>;
const GATED = new Set(["run", "all", "get", "values", "execute"]);

/**
 * SQLite as an `Engine`: drizzle's statements run at once, except while a transaction of another
 * async context is open, when they wait for it at the gate (db/tx-gate.ts). Transactions are
 * serialised: BEGIN IMMEDIATE … COMMIT around the awaited callback, savepoints when nested.
 */
export function sqliteEngine(sqlite: Database, db: Db, close: () => void): Engine {
  const gate = new TxGate();
  const gated = <T>(statement: () => T): Promise<T> => {
    if (gate.blocks()) return gate.after(statement);
    try {
      return Promise.resolve(statement());
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => Prepared } }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    const query = prepareQuery(...args);
    if (!gate.blocks()) return query;
    return new Proxy(query, {
      get(target, key, receiver) {
        if (typeof key === "string" && GATED.has(key)) {
          return (placeholders?: unknown) => gate.after(() => target[key as keyof Prepared](placeholders));
        }
        return Reflect.get(target, key, receiver);
      },
    });
  };
  let savepoints = 0;
  const transaction = async <T>(body: (tx: Db) => T | Promise<T>): Promise<T> => {
    if (gate.inside()) {
      const name = `sp${++savepoints}`;
      sqlite.run(`SAVEPOINT ${name}`);
      try {
        const result = await body(db);
        sqlite.run(`RELEASE ${name}`);
        return result;
      } catch (error) {
        sqlite.run(`ROLLBACK TO ${name}`);
        sqlite.run(`RELEASE ${name}`);
        throw error;
      }
    }
    return gate.run(async () => {
      sqlite.run("BEGIN IMMEDIATE");
      try {
        const result = await body(db);
        sqlite.run("COMMIT");
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.run("ROLLBACK");
        throw error;
      }
    });
  };
  (db as unknown as { transaction: unknown }).transaction = transaction;
  const bind = (params: readonly SqlParam[] | undefined) => (params ?? []) as SQLQueryBindings[];
  const raw: RawSql = {
    get: <T>(text: string, params?: readonly SqlParam[]) => gated(() => (sqlite.query(text).get(...bind(params)) as T | null) ?? undefined),
    all: <T>(text: string, params?: readonly SqlParam[]) => gated(() => sqlite.query(text).all(...bind(params)) as T[]),
    run: (text: string, params?: readonly SqlParam[]) => gated(() => sqlite.query(text).run(...bind(params)).changes),
  };
  const engine: Engine = {
    kind: "sqlite",
    db,
    raw,
    serial: gated,
    inTransaction: () => gate.inside(),
    writeStamp: () => writeStamp(sqlite),
    rowStamp: () => 0,
    listen: async () => null,
    close: async () => close(),
  };
  attachEngine(db, engine);
  return engine;
}
