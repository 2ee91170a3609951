import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { sql } from "drizzle-orm";
import { bigint, pgTable, text as pgText } from "drizzle-orm/pg-core";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgCatalog, sqliteCatalog } from "../../test/pg/catalog-shape";
import { COMPATIBLE_TYPES, type TableShape, catalogView, diffShapes, drizzleShapes } from "../../test/pg/schema-shape";
import { describePg, usePgCluster } from "../../test/pg/suite";
import { applyMigrations } from "./migrate";
import * as sqliteSchema from "./schema/sqlite";
import * as pgSchema from "./schema-pg";

// The schema is kept in two dialects (schema/ for SQLite, schema-pg/ for PostgreSQL). This
// proves they are the same: tables, columns (SQLite integer → bigint, boolean → boolean,
// json → jsonb, real → double precision), defaults, primary and foreign keys with their
// onDelete, indexes (columns, uniqueness, WHERE) and checks. First from drizzle's own table
// configs, then from the catalogs of a real migrated SQLite file and PostgreSQL database, so
// that a migration edited by hand (or one forgotten) is caught too.
const NAMES: [string, string] = ["sqlite", "pg"];
const sqliteShapes = drizzleShapes(sqliteSchema);
const pgShapes = drizzleShapes(pgSchema);

describe("schema parity, from drizzle's table configs", () => {
  it("both dialects have the same tables, columns, types, defaults, keys, indexes and checks", () => {
    expect(sqliteShapes.length).toBeGreaterThan(40);
    expect(diffShapes(sqliteShapes, pgShapes, NAMES)).toEqual([]);
  });

  it("the partial unique index keeps its WHERE (a boolean on PostgreSQL, 0 on SQLite)", () => {
    const spins = pgShapes.find((t) => t.name === "wheel_spins")!;
    expect(spins.indexes.find((i) => i.name === "wheel_spins_one_per_day")).toEqual({
      name: "wheel_spins_one_per_day",
      columns: ["user_id", "paris_day"],
      unique: true,
      where: "test = 0",
    });
  });

  it("a table on one side only fails, with its name", () => {
    const strayPg = pgTable("stray_pg_table", { id: pgText("id").primaryKey() });
    const straySqlite = sqliteTable("stray_sqlite_table", { id: text("id").primaryKey() });
    expect(diffShapes(drizzleShapes({ ...sqliteSchema, straySqlite }), drizzleShapes({ ...pgSchema, strayPg }), NAMES)).toEqual([
      "table stray_pg_table: only in pg",
      "table stray_sqlite_table: only in sqlite",
    ]);
  });

  it("a column whose type, default or onDelete differs fails, with the table and column", () => {
    const a = sqliteTable("probe", {
      id: integer("id").primaryKey({ autoIncrement: true }),
      n: integer("n").notNull().default(sql`0`),
      owner: text("owner").references(() => sqliteSchema.users.id, { onDelete: "cascade" }),
    });
    const b = pgTable("probe", {
      id: bigint("id", { mode: "number" }).primaryKey(),
      n: pgText("n").notNull().default("1"),
      owner: pgText("owner").references(() => pgSchema.users.id, { onDelete: "set null" }),
    });
    const diff = diffShapes(drizzleShapes({ a }), drizzleShapes({ b }), NAMES);
    expect(diff).toEqual([
      'table probe: column id: sqlite {"name":"id","notNull":true,"identity":true} ≠ pg {"name":"id","notNull":true,"identity":false}',
      'table probe: column n type: sqlite "bigint" ≠ pg "text"',
      'table probe: column n default: sqlite "0" ≠ pg "1"',
      'table probe: foreign keys: sqlite ["(owner) → users(id) on delete cascade"] ≠ pg ["(owner) → users(id) on delete set null"]',
    ]);
  });
});

/** Declared types that may hold one another's values (SQLite's on the left). */
const compatible = (sqliteType: string, pgType: string) => COMPATIBLE_TYPES[sqliteType]?.includes(pgType) ?? false;

describePg("schema parity, from the catalogs of migrated databases", () => {
  const cluster = usePgCluster();
  const folder = mkdtempSync(join(tmpdir(), "planify-parity-"));
  let sqliteFile: Database;
  let pg: SQL;
  let sqliteTables: TableShape[];
  let pgTables: TableShape[];

  beforeAll(async () => {
    sqliteFile = new Database(join(folder, "planify.db"), { create: true, strict: true });
    applyMigrations(sqliteFile);
    pg = new SQL(await cluster().createDatabase());
    sqliteTables = sqliteCatalog(sqliteFile);
    pgTables = await pgCatalog(pg);
  });
  afterAll(async () => {
    sqliteFile?.close();
    await pg?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("the SQLite file and the PostgreSQL database have the same tables, columns, keys, indexes, checks and triggers", () => {
    expect(pgTables.length).toBe(sqliteTables.length);
    expect(diffShapes(sqliteTables, pgTables, NAMES, compatible)).toEqual([]);
  });

  it("each database is what its drizzle schema says (a migration edited by hand or forgotten shows)", () => {
    expect(diffShapes(catalogView(pgShapes), pgTables, ["schema-pg", "pg"])).toEqual([]);
    const declared = (pgType: string, sqliteType: string) => compatible(sqliteType, pgType);
    expect(diffShapes(catalogView(sqliteShapes), sqliteTables, ["schema", "sqlite"], declared)).toEqual([]);
  });

  it("a hand-made change to the PostgreSQL database is caught, with its table and column", async () => {
    const drifted = new SQL(await cluster().createDatabase());
    try {
      await drifted.unsafe("ALTER TABLE users ALTER COLUMN theme DROP DEFAULT");
      await drifted.unsafe("DROP INDEX wheel_spins_one_per_day");
      await drifted.unsafe("DROP TRIGGER list_versions_tasks_update ON tasks");
      const diff = diffShapes(sqliteTables, await pgCatalog(drifted), NAMES, compatible);
      expect(diff).toHaveLength(3);
      expect(diff[0]).toMatch(/^table tasks: triggers: .*list_versions_tasks_update/);
      expect(diff[1]).toBe('table users: column theme default: sqlite "light" ≠ pg null');
      expect(diff[2]).toMatch(/^table wheel_spins: indexes: .*wheel_spins_one_per_day/);
    } finally {
      await drifted.close();
    }
  });
});
