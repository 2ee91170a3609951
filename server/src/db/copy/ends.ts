// The ends a copy runs between: a SQLite file (read-only, or a new one migrated by this
// binary) and a PostgreSQL database in one transaction. Each is a drizzle handle of its own
// dialect's schema, whatever engine the process serves on.
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { drizzle as pgDrizzle } from "drizzle-orm/bun-sql";
import { drizzle as sqliteDrizzle } from "drizzle-orm/bun-sqlite";
import { applyMigrations } from "../migrate";
import * as pgSchema from "../schema-pg";
import * as sqliteSchema from "../schema/sqlite";
import type { CopySide } from "./copy";

/** A SQLite file opened for a copy, and how to let it go. */
export interface SqliteEnd {
  side: CopySide;
  sqlite: Database;
  close(): void;
}

/** An existing SQLite file, read-only: nothing of it (bytes, times) changes. */
export function readSqliteFile(file: string): SqliteEnd {
  const sqlite = new Database(file, { readonly: true });
  const db = sqliteDrizzle({ client: sqlite, schema: sqliteSchema });
  return { side: { dialect: "sqlite", db }, sqlite, close: () => sqlite.close() };
}

/**
 * A new SQLite file with this binary's schema (migrations applied, their seed rows included:
 * the copy empties the tables first), written in one transaction by `fill`: committed when it
 * resolves, rolled back when it throws.
 */
export async function writeSqliteFile<T>(file: string, fill: (side: CopySide) => Promise<T>): Promise<T> {
  const sqlite = new Database(file, { create: true, readwrite: true });
  try {
    applyMigrations(sqlite);
    sqlite.exec("PRAGMA foreign_keys = ON");
    const db = sqliteDrizzle({ client: sqlite, schema: sqliteSchema });
    sqlite.exec("BEGIN IMMEDIATE");
    try {
      const result = await fill({ dialect: "sqlite", db });
      sqlite.exec("COMMIT");
      return result;
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
      throw error;
    }
  } finally {
    sqlite.close();
  }
}

/** A connection to PostgreSQL for a command (one connection: a copy is one transaction). */
export function connectPostgres(url: string): SQL {
  return new SQL({ url, max: 1, idleTimeout: 30, connectionTimeout: 10 });
}

export type PgMode = "snapshot" | "write";

/**
 * Runs `body` in one PostgreSQL transaction: "snapshot" is REPEATABLE READ READ ONLY (every
 * table as of one instant, while the server keeps writing), "write" commits what `body` wrote
 * when it resolves and rolls everything back when it throws.
 */
export async function inPostgres<T>(client: SQL, mode: PgMode, body: (side: CopySide) => Promise<T>): Promise<T> {
  const db = pgDrizzle({ client, schema: pgSchema });
  const config = mode === "snapshot" ? ({ isolationLevel: "repeatable read", accessMode: "read only" } as const) : undefined;
  return db.transaction(async (tx) => body({ dialect: "postgres", db: tx }), config);
}
