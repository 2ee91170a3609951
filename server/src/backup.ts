import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { ensureDir } from "./bootstrap";

/** Writes a consistent copy of a live database (VACUUM INTO reads one snapshot). */
export function backupDatabase(dbPath: string, target: string): void {
  if (!existsSync(dbPath)) throw new Error(`Aucune base trouvée : ${dbPath}`);
  if (existsSync(target)) throw new Error(`Le fichier existe déjà : ${target} (rien n'a été écrasé).`);
  ensureDir(dirname(target));
  try {
    const db = new Database(dbPath, { readonly: false, create: false });
    try {
      // Writers of the running server hold the lock only briefly; wait for them.
      db.exec("PRAGMA busy_timeout = 30000");
      db.query("VACUUM INTO ?").run(target);
    } finally {
      db.close();
    }
    assertIntact(target);
  } catch (error) {
    // The target did not exist before: never leave a half-written copy behind.
    rmSync(target, { force: true });
    throw error instanceof Error && !("code" in error) ? error : new Error(`Sauvegarde impossible : ${String(error)}`);
  }
}

/** Throws (in French) unless the file is an intact Planify database. */
export function assertIntact(file: string): void {
  let db: Database;
  try {
    db = new Database(file, { readonly: true });
  } catch {
    throw new Error(`Impossible d'ouvrir ${file} : ce n'est pas une base SQLite.`);
  }
  try {
    let result: string | undefined;
    try {
      result = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()?.integrity_check;
    } catch {
      throw new Error(`Ce fichier n'est pas une base SQLite valide : ${file}`);
    }
    if (result !== "ok") throw new Error(`Fichier de sauvegarde corrompu : ${file}`);
    const hasMigrations = db.query("SELECT name FROM sqlite_master WHERE name = '__planify_migrations'").get();
    if (!hasMigrations) throw new Error(`Ce fichier n'est pas une sauvegarde Planify : ${file}`);
  } finally {
    db.close();
  }
}

/**
 * Puts a backup back as the data folder's database (the server must be stopped). The
 * database it replaces is kept next to it, renamed, so a wrong restore can be undone.
 * Returns the path of that kept copy, if there was one.
 */
export function restoreDatabase(source: string, dbPath: string, now = new Date()): string | null {
  if (!existsSync(source)) throw new Error(`Fichier introuvable : ${source}`);
  assertIntact(source);
  ensureDir(dirname(dbPath));
  const temp = `${dbPath}.restore-${process.pid}`;
  copyFileSync(source, temp);
  let kept: string | null = null;
  if (existsSync(dbPath)) {
    // Fold the old WAL into its file first, so the kept copy is complete on its own.
    const old = new Database(dbPath);
    try {
      old.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } finally {
      old.close();
    }
    kept = `${dbPath}.avant-restauration-${now.toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dbPath, kept);
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
  renameSync(temp, dbPath);
  return kept;
}
