import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { ensureDir } from "./bootstrap";

/** Writes a consistent copy of a live database (VACUUM INTO reads one snapshot). */
export function backupDatabase(dbPath: string, target: string): void {
  if (!existsSync(dbPath)) throw new Error(`Aucune base trouvée : ${dbPath}`);
  if (existsSync(target)) throw new Error(`Le fichier existe déjà : ${target}`);
  ensureDir(dirname(target));
  const db = new Database(dbPath, { readonly: false });
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    db.query("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  assertIntact(target);
}

/** Throws unless `PRAGMA integrity_check` answers ok. */
export function assertIntact(file: string): void {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get();
    if (row?.integrity_check !== "ok") throw new Error(`Fichier de sauvegarde corrompu : ${file}`);
    const hasMigrations = db.query("SELECT name FROM sqlite_master WHERE name = '__planify_migrations'").get();
    if (!hasMigrations) throw new Error(`Ce fichier n'est pas une sauvegarde Planify : ${file}`);
  } finally {
    db.close();
  }
}

/** Puts a backup back as the data folder's database (the server must be stopped). */
export function restoreDatabase(source: string, dbPath: string): void {
  if (!existsSync(source)) throw new Error(`Fichier introuvable : ${source}`);
  assertIntact(source);
  ensureDir(dirname(dbPath));
  const temp = `${dbPath}.restore-${process.pid}`;
  copyFileSync(source, temp);
  for (const suffix of ["-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
  renameSync(temp, dbPath);
}
