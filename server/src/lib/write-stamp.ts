import type { Database, Statement } from "bun:sqlite";

interface StampState {
  changes: Statement<[number], []>;
  version: Statement<[number], []>;
  /** data_version as read in this turn of the event loop (null: not read yet). */
  seen: number | null;
}
const states = new WeakMap<Database, StampState>();

/**
 * The database's write stamp as this connection sees it: the rows this connection has
 * changed (total_changes) and the data version that other connections move (PRAGMA
 * data_version, e.g. the reset-password command). Any write, whoever made it and whatever
 * it touched, moves it.
 *
 * total_changes is read every time (a counter in memory). data_version takes a read lock
 * on the file, a few µs of system calls, so it is read once per turn of the event loop:
 * every request handled in that turn sees the other processes' writes committed before it
 * began, as if they had all arrived at its first read.
 */
export function writeStamp(sqlite: Database): string {
  let state = states.get(sqlite);
  if (!state) {
    state = {
      changes: sqlite.prepare<[number], []>("SELECT total_changes()"),
      version: sqlite.prepare<[number], []>("PRAGMA data_version"),
      seen: null,
    };
    states.set(sqlite, state);
  }
  if (state.seen === null) {
    state.seen = state.version.values()[0]![0] as number;
    const read = state;
    setImmediate(() => {
      read.seen = null;
    });
  }
  return `${state.changes.values()[0]![0]}:${state.seen}`;
}

/**
 * Values remembered until the next write to the database, by key: emptied when the stamp
 * moves or when `max` entries are held. Values computed inside a transaction are not kept,
 * since that transaction may still roll back. Only a cache: a restart or another node
 * computes the value again.
 */
export class UntilNextWriteMap<T> {
  private stamp = "";
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly sqlite: Database,
    private readonly max: number,
  ) {}

  get(key: string, compute: () => T): T {
    const stamp = writeStamp(this.sqlite);
    if (stamp !== this.stamp) {
      this.entries.clear();
      this.stamp = stamp;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    if (this.sqlite.inTransaction) return value;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}

const memos = new WeakMap<Database, UntilNextWriteMap<unknown>>();

/**
 * `compute()`, remembered under `key` until the next write to the database: for answers that
 * many callers read between two writes (the boards, the subject rules).
 */
export function untilNextWrite<T>(sqlite: Database, key: string, compute: () => T): T {
  let memo = memos.get(sqlite);
  if (!memo) memos.set(sqlite, (memo = new UntilNextWriteMap(sqlite, 1000)));
  return memo.get(key, compute) as T;
}
