// Backups of a school that lives in PostgreSQL, in the same archive as on SQLite (a SQLite file
// and the files): the snapshot is every table read in one REPEATABLE READ READ ONLY transaction
// and written by the copier into a new SQLite file; a restore loads an archive's file into the
// database in one transaction, replacing the school.
import { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { copyTables } from "../db/copy/copy";
import { connectPostgres, inPostgres, readSqliteFile, writeSqliteFile } from "../db/copy/ends";
import { MIGRATIONS as PG_MIGRATIONS } from "../db/embedded-migrations-pg";
import { applyMigrations, assertNotNewer, pendingMigrations } from "../db/migrate";
import { appliedPgMigrations, applyPgMigrations } from "../db/migrate-pg";
import { postgresReason, redactedUrl } from "../startup-errors";
import { referencedUploads, sqliteTablesInUse } from "./referenced";
import type { Storage } from "../lib/storage";

async function connected(url: string): Promise<SQL> {
  const client = connectPostgres(url);
  try {
    await client`SELECT 1`;
    return client;
  } catch (error) {
    await client.close({ timeout: 1 });
    throw new Error(`la base PostgreSQL ${redactedUrl(url)} est injoignable : ${postgresReason(error)}.`);
  }
}

/**
 * Writes the school held in PostgreSQL into a new SQLite file `target`, from one consistent
 * snapshot while the server keeps writing. Answers the uploaded files the snapshot's rows point
 * to, read in the same snapshot (null when this process serves on SQLite: the caller reads
 * them from the file). Refuses a database whose schema is not this binary's.
 */
export async function snapshotPostgres(url: string, target: string, uploadsDir: string, storage?: Storage): Promise<string[] | null> {
  const client = await connected(url);
  try {
    const applied = await appliedPgMigrations(client);
    assertNotNewer(applied, "actuelle", PG_MIGRATIONS);
    if (pendingMigrations(applied, PG_MIGRATIONS).length > 0)
      throw new Error(
        "la base PostgreSQL n'a pas encore le schéma de cette version : démarrez une fois le serveur de cette version pour la mettre à jour.",
      );
    return await inPostgres(client, "snapshot", async (pg) => {
      await writeSqliteFile(target, (file) => copyTables(pg, file));
      return sqliteTablesInUse() ? null : await referencedUploads(pg.db, uploadsDir, storage);
    });
  } finally {
    await client.close({ timeout: 5 });
  }
}

/** True when the PostgreSQL database holds a school (any account). */
export async function postgresHoldsSchool(url: string): Promise<boolean> {
  const client = await connected(url);
  try {
    const [found] = await client`SELECT to_regclass('users') IS NOT NULL AS present`;
    if (!found?.present) return false;
    const [row] = await client`SELECT COUNT(*)::int AS n FROM users`;
    return Number(row?.n) > 0;
  } finally {
    await client.close({ timeout: 5 });
  }
}

/**
 * Loads an archive's database file (already checked) into PostgreSQL: the file is brought to
 * this binary's schema, the database too (its migrations), then in one transaction every table
 * is emptied and copied from the file, and counted again. Answers the rows per table.
 */
export async function loadIntoPostgres(url: string, file: string, version: string): Promise<Record<string, number>> {
  const staged = new Database(file);
  try {
    applyMigrations(staged, version);
  } finally {
    staged.close();
  }
  const client = await connected(url);
  try {
    await applyPgMigrations(client, version);
    const source = readSqliteFile(file);
    try {
      return await inPostgres(client, "write", async (pg) => (await copyTables(source.side, pg)).counts);
    } finally {
      source.close();
    }
  } finally {
    await client.close({ timeout: 5 });
  }
}
