// The shape (./schema-shape.ts) of a real migrated database, read from its catalogs: PRAGMAs and
// sqlite_master on SQLite, information_schema and pg_catalog on PostgreSQL. The migrations'
// own bookkeeping table is left out.
import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { MIGRATIONS_TABLE } from "../../src/db/migrate";
import { type IndexShape, type TableShape, canonDefault, canonExpr } from "./schema-shape";

const bySame = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));
const fk = (columns: string[], table: string, foreign: string[], onDelete: string) =>
  `(${columns.join(", ")}) → ${table}(${foreign.join(", ")}) on delete ${onDelete.toLowerCase()}`;

/** Every table of a migrated SQLite file. */
export function sqliteCatalog(db: Database): TableShape[] {
  const objects = db
    .query<{ type: string; name: string; tbl_name: string; sql: string | null }, []>("SELECT type, name, tbl_name, sql FROM sqlite_master")
    .all();
  const tables = objects.filter((o) => o.type === "table" && !o.name.startsWith("sqlite_") && o.name !== MIGRATIONS_TABLE);
  return bySame(
    tables.map((t) => {
      const info = db
        .query<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }, []>(`PRAGMA table_info("${t.name}")`)
        .all();
      const primaryKey = info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      const indexes: IndexShape[] = db
        .query<{ name: string; unique: number; origin: string }, []>(`PRAGMA index_list("${t.name}")`)
        .all()
        .filter((i) => i.origin !== "pk")
        .map((i) => {
          const text = objects.find((o) => o.type === "index" && o.name === i.name)?.sql ?? "";
          const where = /\bWHERE\b([\s\S]*)$/i.exec(text)?.[1];
          return {
            name: i.name,
            columns: db
              .query<{ name: string; seqno: number }, []>(`PRAGMA index_info("${i.name}")`)
              .all()
              .sort((a, b) => a.seqno - b.seqno)
              .map((c) => c.name),
            unique: i.unique === 1,
            where: where ? canonExpr(where) : null,
          };
        });
      const keys = db
        .query<{ id: number; seq: number; table: string; from: string; to: string; on_delete: string }, []>(
          `PRAGMA foreign_key_list("${t.name}")`,
        )
        .all();
      const foreignKeys = [...new Set(keys.map((k) => k.id))].map((id) => {
        const parts = keys.filter((k) => k.id === id).sort((a, b) => a.seq - b.seq);
        return fk(
          parts.map((p) => p.from),
          parts[0]!.table,
          parts.map((p) => p.to),
          parts[0]!.on_delete,
        );
      });
      const checks = [...(t.sql ?? "").matchAll(/CONSTRAINT\s+["`]?(\w+)["`]?\s+CHECK/gi)].map((m) => ({ name: m[1]! }));
      return {
        name: t.name,
        columns: bySame(
          info.map((c) => ({
            name: c.name,
            type: c.type.toLowerCase(),
            notNull: c.notnull === 1 || c.pk > 0,
            default: canonDefault(c.dflt_value),
            identity: new RegExp(`[\`"]${c.name}[\`"]\\s+integer\\s+PRIMARY KEY AUTOINCREMENT`, "i").test(t.sql ?? ""),
          })),
        ),
        primaryKey,
        indexes: bySame(indexes),
        foreignKeys: foreignKeys.sort(),
        checks: bySame(checks),
        triggers: objects
          .filter((o) => o.type === "trigger" && o.tbl_name === t.name)
          .map((o) => o.name)
          .sort(),
      };
    }),
  );
}

const ON_DELETE: Record<string, string> = { a: "no action", r: "restrict", c: "cascade", n: "set null", d: "set default" };

/** Every table of the public schema of a migrated PostgreSQL database. */
export async function pgCatalog(sql: SQL): Promise<TableShape[]> {
  const tables: { name: string }[] = await sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> ${MIGRATIONS_TABLE}`;
  const columns: { table: string; name: string; type: string; nullable: string; dflt: string | null; identity: string }[] = await sql`
    SELECT table_name AS table, column_name AS name, data_type AS type, is_nullable AS nullable,
           column_default AS dflt, is_identity AS identity
    FROM information_schema.columns WHERE table_schema = 'public'`;
  const attnames = (rel: string, keys: string) =>
    `ARRAY(SELECT a.attname::text FROM unnest(${keys}) WITH ORDINALITY k(n, ord)
           JOIN pg_attribute a ON a.attrelid = ${rel} AND a.attnum = k.n ORDER BY k.ord)`;
  const constraints: {
    table: string;
    name: string;
    type: string;
    cols: string[];
    ftable: string | null;
    fcols: string[] | null;
    del: string;
  }[] = await sql.unsafe(`
    SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.contype AS type,
           ${attnames("c.conrelid", "c.conkey")} AS cols, c.confrelid::regclass::text AS ftable,
           CASE WHEN c.contype = 'f' THEN ${attnames("c.confrelid", "c.confkey")} END AS fcols, c.confdeltype AS del
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public'`);
  const indexes: { table: string; name: string; unique: boolean; primary: boolean; pred: string | null; cols: string[] }[] =
    await sql.unsafe(`
    SELECT t.relname AS table, i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary,
           pg_get_expr(x.indpred, x.indrelid) AS pred, ${attnames("x.indrelid", "x.indkey::int2[]")} AS cols
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = 'public'`);
  const triggers: { table: string; name: string }[] = await sql`
    SELECT c.relname AS table, g.tgname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND NOT g.tgisinternal
    AND g.tgname NOT IN ('planify_writes', 'planify_writes_update', 'planify_writes_balances', 'planify_live')`; // PostgreSQL's own: the other nodes hear the writes and live events (drizzle-pg/0003, 0004, 0006)
  return bySame(
    tables.map(({ name }) => {
      const own = constraints.filter((c) => c.table === name);
      return {
        name,
        columns: bySame(
          columns
            .filter((c) => c.table === name)
            .map((c) => ({
              name: c.name,
              type: c.type,
              notNull: c.nullable === "NO",
              default: canonDefault(c.dflt),
              identity: c.identity === "YES",
            })),
        ),
        primaryKey: own.find((c) => c.type === "p")?.cols ?? [],
        indexes: bySame(
          indexes
            .filter((i) => i.table === name && !i.primary)
            .map((i) => ({ name: i.name, columns: i.cols, unique: i.unique, where: i.pred ? canonExpr(i.pred) : null })),
        ),
        foreignKeys: own
          .filter((c) => c.type === "f")
          .map((c) => fk(c.cols, c.ftable!, c.fcols!, ON_DELETE[c.del] ?? c.del))
          .sort(),
        checks: bySame(own.filter((c) => c.type === "c").map((c) => ({ name: c.name }))),
        triggers: triggers
          .filter((g) => g.table === name)
          .map((g) => g.name)
          .sort(),
      };
    }),
  );
}
