import type { SQL } from "bun";
import { isConnectionLost, isNotConnected } from "./errors";

// A lost PostgreSQL connection (a restart, a failover, a backend cut by pg_terminate_backend)
// is tried again only when that cannot change an answer: a read, a write that provably never
// reached the server, a transaction that failed before its COMMIT was sent (the server rolled
// it back). Anything else fails, and the errors plugin answers 503 DATABASE_UNAVAILABLE.

/** Waits before each new attempt after a lost connection (their count bounds the attempts). */
export const RECONNECT_WAITS_MS = [50, 150, 400] as const;

/** Statements that change nothing (safe to run again, and ignored by the write stamp). */
export const READ_ONLY = /^\s*(select|show)\b/i;

/**
 * The connection was lost while COMMIT was on its way: PostgreSQL may have applied the
 * transaction or not. Running it again could apply a ledger write twice, so it is not; the
 * caller gets a 503 (its `cause` is the driver's error, which the errors plugin recognises).
 */
export class CommitOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super("connection lost while committing: the transaction may or may not have been applied", { cause });
    this.name = "CommitOutcomeUnknown";
  }
}

/** Whether a statement outside a transaction that failed with `error` may be sent again. */
export function statementMayRetry(text: string, error: unknown): boolean {
  return isNotConnected(error) || (isConnectionLost(error) && READ_ONLY.test(text));
}

type Query = ReturnType<SQL["unsafe"]>;

/**
 * `client` whose `unsafe` statements (drizzle's and the raw ones, outside transactions) are sent
 * again after a lost connection when statementMayRetry allows. A statement made while the
 * calling async context runs a transaction (`inTransaction` answers that transaction's
 * connection) goes to that connection instead, whenever its query was built or prepared: it
 * sees the transaction's writes and never waits for a second connection of the pool.
 * Transactions (`begin`) start with `beginOptions` in the BEGIN itself (one round trip, where
 * drizzle would send SET TRANSACTION after it); their statements are retried as a whole.
 */
export function retryingClient(client: SQL, o: { inTransaction: () => SQL | undefined; beginOptions: string }): SQL {
  const unsafe = (text: string, params?: unknown[]) => {
    const tx = o.inTransaction();
    if (tx) return tx.unsafe(text, params);
    const run = async <R>(pick: (query: Query) => R | PromiseLike<R>): Promise<Awaited<R>> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await pick(client.unsafe(text, params));
        } catch (error) {
          const wait = RECONNECT_WAITS_MS[attempt];
          if (wait === undefined || !statementMayRetry(text, error)) throw error;
          await Bun.sleep(wait);
        }
      }
    };
    return {
      // biome-ignore lint/suspicious/noThenProperty: a thenable, as Bun's own query is
      then: <A, B>(ok?: (rows: unknown) => A | PromiseLike<A>, ko?: (error: unknown) => B | PromiseLike<B>) =>
        run((query) => query as unknown as PromiseLike<unknown>).then(ok, ko),
      values: () => run((query) => query.values() as PromiseLike<unknown>),
    };
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "unsafe") return unsafe;
      if (property === "begin")
        return (body: (tx: SQL) => Promise<unknown>) => target.begin(o.beginOptions, body as Parameters<SQL["begin"]>[1]);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
