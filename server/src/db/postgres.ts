import { AsyncLocalStorage } from "node:async_hooks";
import { SQL } from "bun";
import { drizzle } from "drizzle-orm/bun-sql";
import type { Db } from "./client";
import { attachEngine, type Engine, type RawSql, type SqlParam } from "./engine";
import { isConnectionLost, isRetryable } from "./errors";
import { applyPgMigrations } from "./migrate-pg";
import { ContentionGate } from "./pg-contention";
import { CommitOutcomeUnknown, RECONNECT_WAITS_MS, retryingClient } from "./pg-retry";
import { addWritten, DEAF_SLICE_MS, WRITES_CHANNEL, WriteStamps, type Written } from "./pg-write-stamps";
import * as pgSchema from "./schema-pg";

export interface PostgresOptions {
  url: string;
  /** Connections kept at most (PLANIFY_DB_POOL_MAX). */
  poolMax: number;
}

export interface PostgresHandle {
  engine: Engine;
  db: Db;
  /** Bun's client, for the commands that speak SQL directly (backup, migrate). */
  client: SQL;
  /** Settles once the per-table write stamps know the database's foreign keys and triggers. */
  catalogRead: Promise<void>;
  close(): Promise<void>;
}

/** How many times a transaction PostgreSQL gave up (serialization failure, deadlock) is run again. */
const TX_ATTEMPTS = 12;
/** Failed attempts after which a transaction takes turns with the others (db/pg-contention.ts). */
const TURNS_AFTER = 3;
/** The longest random wait before such a transaction runs again. */
const TX_BACKOFF_MAX_MS = 50;

/** `?1`, `?2`… of the raw statements as PostgreSQL's `$1`, `$2`… (computed once per text). */
const dollarTexts = new Map<string, string>();
function dollars(text: string): string {
  let out = dollarTexts.get(text);
  if (out === undefined) {
    out = text.replace(/\?(\d+)/g, "$$$1");
    if (dollarTexts.size < 2000) dollarTexts.set(text, out);
  }
  return out;
}

/**
 * Opens the PostgreSQL database at `url`, applies pending migrations and answers an `Engine`.
 * Its tables are db/schema's when the process runs on PostgreSQL (db/engine-choice.ts).
 * Transactions are SERIALIZABLE and run again when PostgreSQL gives one up, so the rules that
 * rest on SQLite running them one at a time (one spin a day, codes' maxUses, balances) hold the
 * same way; their callbacks touch only the database (async-rules: no effect outside it).
 * A lost connection is tried again where that cannot change an answer (db/pg-retry.ts).
 */
export async function openPostgres(options: PostgresOptions): Promise<PostgresHandle> {
  const client = new SQL({ url: options.url, max: options.poolMax, idleTimeout: 60, connectionTimeout: 10 });
  try {
    await client`SELECT 1`;
    await applyPgMigrations(client);
  } catch (error) {
    await client.close({ timeout: 1 });
    throw error;
  }
  return postgresEngine(client);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The engine over a connected (and migrated) client. */
export function postgresEngine(client: SQL): PostgresHandle {
  // Writes by table: this process's as it makes them, every node's (this one's included) as
  // PostgreSQL announces them on commit (drizzle-pg/0003: channel planify_writes).
  const stamps = new WriteStamps();
  const catalogRead = stamps.load(client).catch((error: unknown) => {
    // Without the catalog every write counts for every table, as on SQLite: only caches empty sooner.
    console.warn(`[planify] PostgreSQL : clés étrangères et déclencheurs non lus (${messageOf(error)})`);
  });
  const listening = client
    .listen(
      WRITES_CHANNEL,
      (table) => stamps.note([table]),
      // Listening (again, after a lost connection): what was written meanwhile went unheard.
      () => stamps.note("all"),
    )
    .catch((error: unknown) => {
      // A pooler in transaction mode (PgBouncer) refuses LISTEN: this node then sees only its own
      // writes, so its caches keep what they read a few seconds at most.
      stamps.deafen();
      console.warn(
        `[planify] PostgreSQL : écoute des écritures des autres nœuds impossible (${messageOf(error)}) ; les caches de ce nœud ne gardent rien plus de ${DEAF_SLICE_MS / 1000} s.`,
      );
      return null;
    });
  /** Notes a write statement, and what it wrote into the transaction running it. */
  const wrote = (text: string, params?: readonly unknown[]): readonly string[] | "all" | null => {
    const tables = stamps.tablesOf(text, params);
    if (tables !== "all" && tables.length === 0) return null;
    stamps.note(tables);
    const store = scope.getStore();
    if (store?.open) store.written = addWritten(store.written, tables);
    return tables;
  };
  const logger = { logQuery: wrote };
  // The transaction the calling async context runs in (`open` false once it has ended) and what it wrote.
  type TxStore = { tx: Db; open: boolean; written: Written };
  const scope = new AsyncLocalStorage<TxStore>();
  const current = (): Db | undefined => {
    const store = scope.getStore();
    return store?.open ? store.tx : undefined;
  };
  /** The connection of that transaction (drizzle's transaction session holds Bun's reserved one). */
  const txClient = (): SQL | undefined => (current() as unknown as { session?: { client?: SQL } } | undefined)?.session?.client;
  // Statements outside transactions: read again after a lost connection. A query made on `db`
  // itself inside a transaction runs in that transaction, as on SQLite (one connection): sent on
  // its connection (db/pg-retry.ts), it sees the transaction's writes and shares its commit or
  // rollback. Every transaction is SERIALIZABLE from its BEGIN.
  const outside = retryingClient(client, { inTransaction: txClient, beginOptions: "isolation level serializable" });
  const db = drizzle({ client: outside, schema: pgSchema, logger }) as unknown as Db;
  const begin = (
    db as unknown as { transaction: (body: (tx: Db) => Promise<unknown>, config?: object) => Promise<unknown> }
  ).transaction.bind(db);

  const contention = new ContentionGate();
  const transaction = async <T>(body: (tx: Db) => T | Promise<T>): Promise<T> => {
    const open = current();
    // Called again from inside a transaction: a savepoint of that transaction, as on SQLite.
    if (open)
      return (open as unknown as { transaction: (b: (tx: Db) => Promise<T>) => Promise<T> }).transaction(async (tx) =>
        body(attachEngine(tx, engine)),
      );
    let lost = 0;
    let collided = false;
    try {
      for (let attempt = 1; ; attempt++) {
        // Set once the body has finished: from then on Bun sends COMMIT, and a lost connection
        // leaves the outcome unknown.
        let committing = false;
        // Bun gives up the transaction as soon as its connection closes, maybe while the body
        // still runs: that body ends (its statements fail) before the next attempt starts.
        let running: Promise<unknown> = Promise.resolve();
        // Transactions that collided again and again take turns (db/pg-contention.ts).
        const leave = collided || contention.active ? await contention.enter() : null;
        try {
          const store: TxStore = { tx: db, open: false, written: new Set() };
          const result = (await begin(async (tx) => {
            attachEngine(tx, engine);
            store.tx = tx;
            store.open = true;
            try {
              running = scope.run(store, async () => body(tx));
              const out = await running;
              committing = true;
              return out;
            } finally {
              store.open = false;
            }
          })) as T;
          stamps.note(store.written); // committed: what was read before it may be out of date
          return result;
        } catch (error) {
          if (isConnectionLost(error)) {
            if (committing) throw new CommitOutcomeUnknown(error);
            // Cut before COMMIT: PostgreSQL rolled it back, so running it again is safe.
            const wait = RECONNECT_WAITS_MS[lost++];
            // The body's own failure is the lost connection just caught.
            await running.catch(() => undefined);
            if (wait === undefined) throw error;
            await Bun.sleep(wait);
            continue;
          }
          if (attempt >= TX_ATTEMPTS || !isRetryable(error)) throw error;
          if (!collided && attempt >= TURNS_AFTER) {
            collided = true;
            contention.collided();
          }
          // A short random wait, longer each time, so the transactions that collided part.
          await Bun.sleep(Math.random() * Math.min(TX_BACKOFF_MAX_MS, 2 ** attempt));
        } finally {
          leave?.();
        }
      }
    } finally {
      if (collided) contention.settled();
    }
  };
  (db as unknown as { transaction: unknown }).transaction = transaction;

  /** Raw statements run inside the caller's transaction when there is one. */
  const runner = (): SQL => txClient() ?? outside;
  const bind = (params?: readonly SqlParam[]) => (params ?? []) as unknown[];
  /**
   * Sends a raw statement. A write outside any transaction is noted again once it is done, as a
   * commit notes a transaction's writes: what was read while it ran may predate it.
   */
  const send = async (text: string, params?: readonly SqlParam[]): Promise<unknown> => {
    const tables = wrote(text, params);
    const alone = current() === undefined;
    const result = await runner().unsafe(dollars(text), bind(params));
    if (alone && tables !== null) stamps.note(tables);
    return result;
  };
  const raw: RawSql = {
    async get<T>(text: string, params?: readonly SqlParam[]) {
      return ((await send(text, params)) as T[])[0];
    },
    async all<T>(text: string, params?: readonly SqlParam[]) {
      return [...((await send(text, params)) as T[])];
    },
    async run(text: string, params?: readonly SqlParam[]) {
      const result = (await send(text, params)) as { count?: number; affectedRows?: number };
      return result.affectedRows ?? result.count ?? 0;
    },
  };

  const engine: Engine = {
    kind: "postgres",
    db,
    raw,
    serial: async (statement) => statement(),
    inTransaction: () => current() !== undefined,
    writeStamp: (table) => stamps.stamp(table),
    rowStamp: (table, id) => stamps.rowStamp(table, id),
    listen: (channel, onMessage, onListen) =>
      client.listen(channel, onMessage, onListen).catch((error: unknown) => {
        console.warn(`[planify] PostgreSQL : écoute du canal ${channel} impossible (${messageOf(error)})`);
        return null;
      }),
    close: async () => {
      await (await listening)?.unlisten().catch((error: unknown) => {
        // Closing anyway: the listening connection goes with the client.
        console.warn(`[planify] PostgreSQL : fin de l'écoute des écritures (${messageOf(error)})`);
      });
      await client.close({ timeout: 5 });
    },
  };
  attachEngine(db, engine);
  return { engine, db, client, catalogRead, close: () => engine.close() };
}
