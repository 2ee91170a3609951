// What a schema is made of, in one comparable shape for both engines: read from drizzle's table
// configs (here) or from a migrated database's catalogs (./catalog-shape.ts), then compared by
// diffShapes. Used by server/src/db/schema-parity.test.ts.
import { is, SQL } from "drizzle-orm";
import { getTableConfig as pgConfig, PgDialect, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteConfig, SQLiteSyncDialect, SQLiteTable } from "drizzle-orm/sqlite-core";

export interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  /** Canonical text of the default (see canonDefault), null: none. */
  default: string | null;
  /** SQLite AUTOINCREMENT, PostgreSQL identity. */
  identity: boolean;
  /** Text enum values (drizzle only). */
  enum?: string[];
}

export interface IndexShape {
  name: string;
  columns: string[];
  unique: boolean;
  where: string | null;
}

export interface TableShape {
  name: string;
  columns: ColumnShape[];
  primaryKey: string[];
  /** Every index but the primary key's, unique constraints included (SQLite keeps them as indexes). */
  indexes: IndexShape[];
  foreignKeys: string[];
  checks: { name: string; expr?: string }[];
  /** Trigger names (catalogs only). */
  triggers?: string[];
}

/** How SQLite's drizzle column kinds land in PostgreSQL (the mapping the schemas follow). */
const SQLITE_TO_PG: Record<string, string> = {
  SQLiteInteger: "bigint",
  SQLiteBoolean: "boolean",
  SQLiteTextJson: "jsonb",
  SQLiteText: "text",
  SQLiteReal: "double precision",
};

/** Declared types that may hold one another's values: SQLite's on the left. */
export const COMPATIBLE_TYPES: Record<string, string[]> = {
  integer: ["bigint", "boolean"],
  text: ["text", "jsonb"],
  real: ["double precision"],
};

/** A default as text without quotes or casts: '{}'::jsonb, '{}' and {} are all `{}`. */
export function canonDefault(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  let v = value.trim().replace(/::[a-z ]+$/i, "");
  if (v.startsWith("(") && v.endsWith(")")) v = v.slice(1, -1);
  if (v.startsWith("'") && v.endsWith("'")) v = v.slice(1, -1).replaceAll("''", "'");
  return v;
}

/** An index predicate or check as comparable text: no quotes, table prefixes or brackets; 0/1 for false/true. */
export function canonExpr(text: string): string {
  return text
    .replace(/["`]/g, "")
    .replace(/\b[a-z_]+\.(?=[a-z_])/gi, "")
    .replace(/[()]/g, "")
    .replace(/\bfalse\b/gi, "0")
    .replace(/\btrue\b/gi, "1")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

function drizzleDefault(value: unknown, render: (s: SQL) => string): string | null {
  if (value === undefined) return null;
  if (is(value, SQL)) return canonDefault(render(value));
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function fk(columns: string[], table: string, foreign: string[], onDelete: string | undefined): string {
  return `(${columns.join(", ")}) → ${table}(${foreign.join(", ")}) on delete ${(onDelete ?? "no action").toLowerCase()}`;
}

const bySame = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));

type AnyColumn = {
  name: string;
  notNull: boolean;
  primary: boolean;
  default: unknown;
  isUnique: boolean;
  uniqueName?: string;
  enumValues?: string[];
};

/** The shape of every drizzle table of a schema module, with the column types PostgreSQL gives them. */
export function drizzleShapes(schema: Record<string, unknown>): TableShape[] {
  const sqliteDialect = new SQLiteSyncDialect();
  const pgDialect = new PgDialect();
  const shapes: TableShape[] = [];
  for (const table of Object.values(schema)) {
    const sqlite = is(table, SQLiteTable);
    if (!sqlite && !is(table, PgTable)) continue;
    const config = sqlite ? sqliteConfig(table as SQLiteTable) : pgConfig(table as PgTable);
    const render = (s: SQL) => (sqlite ? sqliteDialect.sqlToQuery(s).sql : pgDialect.sqlToQuery(s).sql);
    const columns = config.columns as unknown as (AnyColumn & { columnType: string; getSQLType(): string })[];
    const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
    const primaryKey = composite ?? columns.filter((c) => c.primary).map((c) => c.name);
    const indexes: IndexShape[] = config.indexes.map((i) => ({
      name: i.config.name ?? "",
      columns: (i.config.columns as { name: string }[]).map((c) => c.name),
      unique: i.config.unique,
      where: i.config.where ? canonExpr(render(i.config.where)) : null,
    }));
    for (const c of columns.filter((c) => c.isUnique)) indexes.push({ name: c.uniqueName!, columns: [c.name], unique: true, where: null });
    shapes.push({
      name: config.name,
      columns: bySame(
        columns.map((c) => ({
          name: c.name,
          type: sqlite ? (SQLITE_TO_PG[c.columnType] ?? c.columnType) : c.getSQLType(),
          notNull: c.notNull || primaryKey.includes(c.name),
          default: drizzleDefault(c.default, render),
          identity: sqlite ? (c as { autoIncrement?: boolean }).autoIncrement === true : "generatedIdentity" in c && !!c.generatedIdentity,
          ...(c.enumValues ? { enum: c.enumValues } : {}),
        })),
      ),
      primaryKey,
      indexes: bySame(indexes),
      foreignKeys: config.foreignKeys
        .map((f) => {
          const r = f.reference();
          const target = sqlite ? sqliteConfig(r.foreignTable as SQLiteTable).name : pgConfig(r.foreignTable as PgTable).name;
          return fk(
            r.columns.map((c) => c.name),
            target,
            r.foreignColumns.map((c) => c.name),
            f.onDelete,
          );
        })
        .sort(),
      checks: bySame(config.checks.map((c) => ({ name: c.name, expr: canonExpr(render(c.value)) }))),
    });
  }
  return bySame(shapes);
}

/** What a database's catalogs can tell: no enum typing, checks by name only. */
export function catalogView(shapes: TableShape[]): TableShape[] {
  return shapes.map((t) => ({
    ...t,
    columns: t.columns.map(({ enum: _e, ...c }) => c),
    checks: t.checks.map((c) => ({ name: c.name })),
  }));
}

/**
 * The differences between two schemas, one line each, starting with the table's name; [] when
 * they are the same. `sameType` decides whether two declared types match (equality by default).
 */
export function diffShapes(
  left: TableShape[],
  right: TableShape[],
  names: [string, string],
  sameType: (l: string, r: string) => boolean = (l, r) => l === r,
): string[] {
  const out: string[] = [];
  const rightByName = new Map(right.map((t) => [t.name, t]));
  for (const t of right) if (!left.some((l) => l.name === t.name)) out.push(`table ${t.name}: only in ${names[1]}`);
  for (const l of left) {
    const r = rightByName.get(l.name);
    if (!r) {
      out.push(`table ${l.name}: only in ${names[0]}`);
      continue;
    }
    const say = (what: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b))
        out.push(`table ${l.name}: ${what}: ${names[0]} ${JSON.stringify(a)} ≠ ${names[1]} ${JSON.stringify(b)}`);
    };
    say(
      "columns",
      l.columns.map((c) => c.name),
      r.columns.map((c) => c.name),
    );
    for (const lc of l.columns) {
      const rc = r.columns.find((c) => c.name === lc.name);
      if (!rc) continue;
      if (!sameType(lc.type, rc.type)) say(`column ${lc.name} type`, lc.type, rc.type);
      const { type: _a, default: ld, ...lrest } = lc;
      const { type: _b, default: rd, ...rrest } = rc;
      // Booleans are 0/1 on SQLite's side of the catalogs.
      const boolean = lc.type === "boolean" || rc.type === "boolean";
      const canon = (d: string | null) => (boolean && d !== null ? canonExpr(d) : d);
      say(`column ${lc.name} default`, canon(ld), canon(rd));
      say(`column ${lc.name}`, lrest, rrest);
    }
    say("primary key", l.primaryKey, r.primaryKey);
    say("indexes", l.indexes, r.indexes);
    say("foreign keys", l.foreignKeys, r.foreignKeys);
    say("checks", l.checks, r.checks);
    if (l.triggers && r.triggers) say("triggers", l.triggers, r.triggers);
  }
  return out;
}
