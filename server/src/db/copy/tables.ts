// Every table of the schema, paired across the two dialects and ordered so that a table comes
// after the tables its foreign keys point to: the order a copy inserts in (and deletes in reverse).
import { is } from "drizzle-orm";
import { getTableConfig as pgConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as pgSchema from "../schema-pg";
import * as sqliteSchema from "../schema/sqlite";

export interface TablePair {
  /** The SQL name, the same in both dialects. */
  name: string;
  sqlite: SQLiteTable;
  pg: PgTable;
}

/**
 * Tables the database writes by itself from triggers (list_versions, moved by every task
 * write): copied last, after the rows the copy's own inserts made there are deleted.
 */
export const TRIGGER_WRITTEN = new Set(["list_versions"]);

function pairs(): TablePair[] {
  const pgByName = new Map<string, PgTable>();
  for (const value of Object.values(pgSchema)) if (is(value, PgTable)) pgByName.set(pgConfig(value).name, value);
  const out: TablePair[] = [];
  for (const value of Object.values(sqliteSchema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = sqliteConfig(value);
    const pg = pgByName.get(config.name);
    if (!pg) throw new Error(`db/copy: table ${config.name} has no PostgreSQL twin`);
    out.push({ name: config.name, sqlite: value, pg });
  }
  return out;
}

/** Parents before children (a depth-first walk of the foreign keys), trigger-written tables last. */
function foreignKeyOrder(tables: TablePair[]): TablePair[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: TablePair[] = [];
  const visit = (t: TablePair, path: Set<string>) => {
    if (done.has(t.name)) return;
    if (path.has(t.name)) throw new Error(`db/copy: foreign keys form a cycle through ${t.name}`);
    path.add(t.name);
    for (const fk of sqliteConfig(t.sqlite).foreignKeys) {
      const parent = sqliteConfig(fk.reference().foreignTable).name;
      if (parent !== t.name) visit(byName.get(parent)!, path);
    }
    path.delete(t.name);
    done.add(t.name);
    ordered.push(t);
  };
  const sorted = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  for (const t of sorted) if (!TRIGGER_WRITTEN.has(t.name)) visit(t, new Set());
  return [...ordered, ...sorted.filter((t) => TRIGGER_WRITTEN.has(t.name))];
}

/** Every table of the schema in foreign-key order (computed once). */
export const COPY_ORDER: readonly TablePair[] = foreignKeyOrder(pairs());
