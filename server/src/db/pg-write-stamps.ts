import type { SQL } from "bun";
import { READ_ONLY } from "./pg-retry";

/** The kind and table of a plain INSERT, UPDATE or DELETE (drizzle quotes the table, the raw statements don't). */
const WRITE_TARGET = /^\s*(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?[\s(]/i;

/**
 * A single-row UPDATE of the balances alone (lib/ledger.ts's statements): each SET assigns a
 * balance from balances, parameters and numbers, and the row is `WHERE id = ?N` (further ANDs only
 * narrow it). Anything else that writes users, however close, counts for the whole table.
 */
const BALANCE_UPDATE = /^UPDATE users SET (.+?)\s+WHERE id = \?(\d+)(?:\s+(?:AND|RETURNING)\s[\s\S]*)?$/s;
const BALANCES = new Set(["coins", "leaderboard_coins", "faction_coins"]);
const BALANCE_TERM = /^(?:coins|leaderboard_coins|faction_coins|\?\d+|\d+|[+-])$/;

/** The id of the user whose balances alone `text` (with `params`) changes, or null. */
export function balanceRowOf(text: string, params?: readonly unknown[]): string | null {
  const statement = BALANCE_UPDATE.exec(text);
  if (!statement) return null;
  for (const assignment of statement[1]!.split(",")) {
    const [column, value, ...more] = assignment.split("=");
    if (more.length > 0 || value === undefined || !BALANCES.has(column!.trim())) return null;
    if (
      !value
        .trim()
        .split(/\s+/)
        .every((term) => BALANCE_TERM.test(term))
    )
      return null;
  }
  const id = params?.[Number(statement[2]) - 1];
  return typeof id === "string" ? id : null;
}

/**
 * The statements of a `WITH a AS (…), b AS (…) <final>` (the parts in their order, the final one
 * last), or null when `text` is no such statement or one this reader cannot split for sure
 * (RECURSIVE, column lists, unbalanced quotes or parentheses). Quoted strings and identifiers are
 * skipped whole, so a parenthesis inside them counts for nothing.
 */
export function withParts(text: string): string[] | null {
  const head = /^\s*WITH\s+/i.exec(text);
  if (!head) return null;
  const parts: string[] = [];
  let at = head[0].length;
  for (;;) {
    const name = /^(?:"[^"]+"|[a-z_][a-z0-9_]*)\s+AS\s+(?:(?:NOT\s+)?MATERIALIZED\s+)?\(/i.exec(text.slice(at));
    if (!name || /^recursive\b/i.test(text.slice(at))) return null;
    const open = at + name[0].length;
    const close = closingParen(text, open);
    if (close < 0) return null;
    parts.push(text.slice(open, close).trim());
    const next = /^\s*,\s*/.exec(text.slice(close + 1));
    if (!next) {
      parts.push(text.slice(close + 1).trim());
      return parts;
    }
    at = close + 1 + next[0].length;
  }
}

/** The index of the parenthesis closing the one open before `from` (-1 when none does). */
function closingParen(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return -1;
      i = end; // a doubled quote ('' or "") reads as two quoted runs side by side: the same depth
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/** The mark of one row's write (`users#<id>`): what drizzle-pg/0004 announces for a balance change. */
export const rowMark = (table: string, id: string) => `${table}#${id}`;

/** Table → the tables a write to it may change (itself included); null: every table. */
type Reach = Map<string, string[] | null>;

/** How long a node that cannot hear the others keeps what it read (WriteStamps.deafen). */
export const DEAF_SLICE_MS = 5_000;

/** The channel (and trigger) by which every write of every node is heard (drizzle-pg/0003). */
export const WRITES_CHANNEL = "planify_writes";

/** What a transaction has written so far: some tables (or rows, rowMark), or tables this process cannot name. */
export type Written = Set<string> | "all";

/**
 * The write stamps of a PostgreSQL database as this process sees its own writes: one that moves
 * on every write (engine.writeStamp()), and one per table (engine.writeStamp(table)) that moves
 * on every write that may change that table. So a cache of users' or sessions' rows outlives the
 * writes to the ledger, the journal or the tasks, where on SQLite any write empties it.
 *
 * What else a write changes is read from PostgreSQL's own catalog once connected: foreign keys
 * whose ON DELETE (for a DELETE) or ON UPDATE (for an UPDATE) changes other tables (a deleted
 * user's sessions go with it; a balance update touches only users), and tables with triggers (the
 * task list's counters), whose writes count as writes to every table, as does any statement whose
 * table cannot be read off its text (a TRUNCATE, a WITH this reader cannot split…). Until the catalog has been read, every
 * write counts for every table.
 *
 * A change of one user's balances (the ledger's statements, balanceRowOf) moves that row's stamp
 * (rowStamp) and not the users table's: the coins of a whole school change all day, and each
 * change would otherwise send every session check of every node back to the database.
 */
export class WriteStamps {
  /**
   * Set when this node cannot hear the others (LISTEN refused, as by PgBouncer in transaction
   * mode): every stamp then also moves each DEAF_SLICE_MS, so what a cache holds is at most that
   * old, and a session revoked on another node ends here within it.
   */
  private deaf = false;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Every write. */
  private writes = 0;
  /** Writes that may have changed any table. */
  private everywhere = 0;
  private readonly byTable = new Map<string, number>();
  /** Writes to one row (rowMark) that move no table stamp: users' balances. */
  private readonly byRow = new Map<string, number>();
  /** What an UPDATE and a DELETE of each table may change besides it; null until the catalog is read. */
  private reach: { update: Reach; delete: Reach; triggered: ReadonlySet<string> } | null = null;

  /** Reads the foreign keys' actions and the triggers (once; a failure leaves every write counting for all). */
  async load(client: SQL): Promise<void> {
    // 'a' (no action) and 'r' (restrict) change nothing; cascade, set null and set default do.
    const keys = (await client.unsafe(`SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent,
      confupdtype NOT IN ('a', 'r') AS on_update, confdeltype NOT IN ('a', 'r') AS on_delete
      FROM pg_constraint WHERE contype = 'f'`)) as { child: string; parent: string; on_update: boolean; on_delete: boolean }[];
    // The write notifications (drizzle-pg/0003) write no table.
    const triggers = (await client.unsafe(
      `SELECT DISTINCT tgrelid::regclass::text AS name FROM pg_trigger WHERE NOT tgisinternal AND tgname NOT IN ('${WRITES_CHANNEL}', '${WRITES_CHANNEL}_update', '${WRITES_CHANNEL}_balances')`,
    )) as {
      name: string;
    }[];
    const triggered = new Set(triggers.map((t) => unquote(t.name)));
    const actions = (when: "on_update" | "on_delete") =>
      keys.filter((k) => k[when]).map((k) => [unquote(k.parent), unquote(k.child)] as const);
    this.reach = { update: reachOf(actions("on_update"), triggered), delete: reachOf(actions("on_delete"), triggered), triggered };
  }

  /** The stamp of every write, or of the writes that may change `table`. */
  stamp(table?: string): string {
    const stamp = table === undefined || this.reach === null ? String(this.writes) : `${this.everywhere}:${this.byTable.get(table) ?? 0}`;
    return this.deaf ? `${stamp}/${Math.floor(this.clock() / DEAF_SLICE_MS)}` : stamp;
  }

  /** This node hears no other node's writes: its caches keep what they read DEAF_SLICE_MS at most. */
  deafen(): void {
    this.deaf = true;
  }

  /**
   * The stamp of one row's own writes (rowMark): a cached row is good while both its table's
   * stamp and this one hold.
   */
  rowStamp(table: string, id: string): number {
    return this.byRow.get(rowMark(table, id)) ?? 0;
  }

  /**
   * The tables the statement `text` may change ([] for a read, "all" when it cannot tell), or
   * for a change of one user's balances that row alone (rowMark).
   */
  tablesOf(text: string, params?: readonly unknown[]): readonly string[] | "all" {
    if (READ_ONLY.test(text)) return [];
    // A data-modifying WITH (lib/ledger-statement.ts): what each of its statements writes.
    const parts = withParts(text);
    if (parts) {
      const tables = new Set<string>();
      for (const part of parts) {
        const written = this.tablesOf(part, params);
        if (written === "all") return "all";
        for (const table of written) tables.add(table);
      }
      return [...tables];
    }
    const target = WRITE_TARGET.exec(text);
    if (!target || this.reach === null) return "all";
    const kind = target[1]!.toLowerCase();
    const table = target[2]!.toLowerCase();
    if (this.reach.triggered.has(table)) return "all";
    // A coin change leaves the user's other columns, so the cached rows of every other user, as they were.
    const balancesOf = balanceRowOf(text, params);
    if (balancesOf !== null) return [rowMark("users", balancesOf)];
    // An INSERT fires no foreign-key action.
    const reached = kind === "update" ? this.reach.update.get(table) : kind.startsWith("delete") ? this.reach.delete.get(table) : [table];
    return reached === null ? "all" : (reached ?? [table]);
  }

  /**
   * Notes a write to `tables`: as the statement runs, and again when the transaction that made
   * it commits (what was read while it ran may predate it). A commit moves the stamp of every
   * write even when the transaction wrote nothing.
   */
  note(tables: Iterable<string> | "all"): void {
    this.writes++;
    if (tables === "all") this.everywhere++;
    else
      for (const table of tables) {
        const stamps = table.includes("#") ? this.byRow : this.byTable;
        stamps.set(table, (stamps.get(table) ?? 0) + 1);
      }
  }
}

/** Adds what `tables` reaches to what a transaction has written. */
export function addWritten(written: Written, tables: readonly string[] | "all"): Written {
  if (written === "all" || tables === "all") return "all";
  for (const table of tables) written.add(table);
  return written;
}

/** regclass::text quotes names that need it; Planify's tables never do, but stay exact. */
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name);

/**
 * For each table, the tables a write to it may change: itself and, through foreign-key actions,
 * the tables referencing it, transitively; null when one of them has triggers (or a cycle of
 * actions reaches past what is listed).
 */
export function reachOf(
  actions: readonly (readonly [parent: string, child: string])[],
  triggered: ReadonlySet<string>,
): Map<string, string[] | null> {
  const children = new Map<string, string[]>();
  for (const [parent, child] of actions) children.set(parent, [...(children.get(parent) ?? []), child]);
  const tables = new Set([...actions.flat(), ...triggered]);
  const reach = new Map<string, string[] | null>();
  for (const table of tables) {
    const seen = new Set([table]);
    const queue = [table];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const child of children.get(next) ?? []) {
        if (seen.has(child)) continue;
        seen.add(child);
        queue.push(child);
      }
    }
    reach.set(table, [...seen].some((t) => triggered.has(t)) ? null : [...seen]);
  }
  return reach;
}
