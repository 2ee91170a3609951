/** What a memo kept "until the next write" watches: the database engine (db/engine.ts). */
export interface WriteWatch {
  /** Moves on every write to the database (or, given a table, at least on every write to it). */
  writeStamp(table?: string): string;
  /** Moves on the writes to one row that move no table stamp (db/engine.ts); absent: there are none. */
  rowStamp?(table: string, id: string): number;
  /** True when the caller runs inside a transaction (its writes may still roll back). */
  inTransaction(): boolean;
}

export interface MemoOptions {
  /** Entries held at most; past it the oldest is dropped. */
  max: number;
  /**
   * Entries last until the next write to this database, whoever made it (lib/cache/write-stamp):
   * what the value was computed from can then have changed. Values computed inside one of its
   * transactions are not kept, since that transaction may still roll back.
   */
  untilWriteTo?: WriteWatch;
  /**
   * With untilWriteTo: the values are rows of this table alone, keyed by their id, kept until a
   * write that may change that table or that one row.
   */
  table?: string;
}

interface Entry<V> {
  value: V;
  /** The instants between which the value holds (time alone can change some answers). */
  from: number;
  until: number;
  /** With a table: the row's own write stamp when the value was read. */
  row: number;
}

/** The time a value holds: from `now` until the instant `until(value)` says. */
export interface Lifetime<V> {
  now: number;
  until: (value: V) => number;
}

/**
 * Planify's one in-memory cache: values by key, bounded, dropped on the next write to the
 * database (when asked) and past the instant each entry was given (when given one). Only a
 * cache: a restart, another node or an eviction computes the value again.
 */
export class Memo<V> {
  private stamp = "";
  private readonly entries = new Map<string, Entry<V>>();

  constructor(private readonly options: MemoOptions) {}

  /** The value under `key` if it still holds at `now`, else undefined. */
  peek(key: string, now = 0): V | undefined {
    const hit = this.current(key);
    return hit && now >= hit.from && now < hit.until ? hit.value : undefined;
  }

  /** The value under `key` even past its instant (a last good copy when computing again fails); never one a write dropped. */
  stale(key: string): V | undefined {
    return this.current(key)?.value;
  }

  /** Keeps `value` under `key` (from `from` until `until` when given) and returns it. */
  set(key: string, value: V, time?: { from: number; until: number }, row = this.rowStamp(key)): V {
    if (this.options.untilWriteTo?.inTransaction()) return value;
    this.dropIfWritten();
    this.entries.delete(key);
    if (this.entries.size >= this.options.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, from: time?.from ?? Number.NEGATIVE_INFINITY, until: time?.until ?? Number.POSITIVE_INFINITY, row });
    return value;
  }

  /** Drops the value under `key`. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** The value under `key`, computed and kept when missing (or past its lifetime). */
  get(key: string, compute: () => V, lifetime?: Lifetime<V>): V {
    const hit = this.peek(key, lifetime?.now);
    if (hit !== undefined) return hit;
    const value = compute();
    return this.set(key, value, lifetime && { from: lifetime.now, until: lifetime.until(value) });
  }

  /**
   * `get` for a value read from the database: computed and kept when missing, but not kept when
   * a write landed while it was being read (it may predate that write) or inside a transaction.
   */
  async getAsync(key: string, compute: () => Promise<V>, lifetime?: Lifetime<V>): Promise<V> {
    const hit = this.peek(key, lifetime?.now);
    if (hit !== undefined) return hit;
    const watch = this.options.untilWriteTo;
    const before = watch?.writeStamp(this.options.table);
    const row = this.rowStamp(key);
    const value = await compute();
    if (watch && watch.writeStamp(this.options.table) !== before) return value;
    // A write to the row itself while it was read: kept under the stamp from before, so the next look reads again.
    return this.set(key, value, lifetime && { from: lifetime.now, until: lifetime.until(value) }, row);
  }

  /** The entry under `key`, after dropping everything when the database was written since. */
  private current(key: string): Entry<V> | undefined {
    this.dropIfWritten();
    const entry = this.entries.get(key);
    if (entry === undefined || entry.row === this.rowStamp(key)) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** The write stamp of the row `key` of the memo's table (0 without a table). */
  private rowStamp(key: string): number {
    const { table, untilWriteTo } = this.options;
    return table === undefined ? 0 : (untilWriteTo?.rowStamp?.(table, key) ?? 0);
  }

  /** Empties the memo when its database's write stamp moved since the last look. */
  private dropIfWritten(): void {
    const db = this.options.untilWriteTo;
    if (!db) return;
    const stamp = db.writeStamp(this.options.table);
    if (stamp !== this.stamp) {
      this.entries.clear();
      this.stamp = stamp;
    }
  }
}

const registry = new WeakMap<object, Map<string, Memo<unknown>>>();

/**
 * The memo `name` of `owner` (a database, an app's dependencies, a signing key), made with
 * `options` on first use. Every cache of the server lives here, so there is one place that
 * holds them and one rule for when they empty; tests that open their own database or app get
 * their own memos.
 */
export function memoOf<V>(owner: object, name: string, options: MemoOptions): Memo<V> {
  let byName = registry.get(owner);
  if (!byName) registry.set(owner, (byName = new Map()));
  let memo = byName.get(name);
  if (!memo) byName.set(name, (memo = new Memo<unknown>(options)));
  return memo as Memo<V>;
}

/**
 * `compute()`, remembered under `key` until the next write to the database: for answers many
 * callers read between two writes (the boards, the subject rules).
 */
export function untilNextWrite<T>(watch: WriteWatch, key: string, compute: () => Promise<T>): Promise<T> {
  return memoOf<T>(watch, "until-next-write", { max: 1000, untilWriteTo: watch }).getAsync(key, compute);
}
