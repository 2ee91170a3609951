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
