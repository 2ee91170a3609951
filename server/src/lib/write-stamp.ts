import type { Database, Statement } from "bun:sqlite";

type StampStatements = { changes: Statement<[number], []>; version: Statement<[number], []> };
const stampStatements = new WeakMap<Database, StampStatements>();

/**
 * The database's write stamp as this connection sees it: the rows this connection has
 * changed (total_changes) and the data version that other connections move (PRAGMA
 * data_version, e.g. the reset-password command). Any write, whoever made it and whatever
 * it touched, moves it; two cheap statements to read.
 */
export function writeStamp(sqlite: Database): string {
  let statements = stampStatements.get(sqlite);
  if (!statements) {
    statements = { changes: sqlite.prepare<[number], []>("SELECT total_changes()"), version: sqlite.prepare<[number], []>("PRAGMA data_version") };
    stampStatements.set(sqlite, statements);
  }
  return `${statements.changes.values()[0]![0]}:${statements.version.values()[0]![0]}`;
}

const memos = new WeakMap<Database, Map<string, { stamp: string; value: unknown }>>();

/**
 * `compute()`, remembered under `key` until the next write to the database: for answers that
 * many callers read between two writes (the boards). Values computed inside a transaction are
 * not kept, since that transaction may still roll back. Only a cache: a restart or another
 * node computes the value again.
 */
export function untilNextWrite<T>(sqlite: Database, key: string, compute: () => T): T {
  let byKey = memos.get(sqlite);
  if (!byKey) memos.set(sqlite, (byKey = new Map()));
  const stamp = writeStamp(sqlite);
  const hit = byKey.get(key);
  if (hit && hit.stamp === stamp) return hit.value as T;
  const value = compute();
  if (!sqlite.inTransaction) byKey.set(key, { stamp, value });
  return value;
}
