import { Database } from "bun:sqlite";
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { dataPaths, ensureDir, runningServerPid } from "../bootstrap";
import { ARCHIVE, countsSummary, inspectDatabase, type Manifest } from "./manifest";
import { readArchive } from "./verify";

export interface RestoreResult {
  manifest: Manifest;
  /** Folder holding what the data folder had before, or null if it held nothing. */
  keptDir: string | null;
  summary: string;
}

function refuseIfRunning(pidFile: string) {
  const pid = runningServerPid(pidFile);
  if (pid) throw new Error(`Le serveur utilise ce dossier (PID ${pid}) : arrêtez-le avant de restaurer. Rien n'a été modifié.`);
}

/** Folds the old database's WAL into its file so the copy kept aside is complete on its own. */
function checkpoint(dbPath: string) {
  const old = new Database(dbPath);
  try {
    old.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    old.close();
  }
}

/**
 * Restores a backup archive into a data folder (database, uploads, signing secret). The
 * archive is extracted into a hidden staging folder and fully checked (checksums, database
 * integrity, schema not newer than this binary, counts) before anything of the data folder
 * moves; then the current database, uploads and secret are moved into
 * `avant-restauration-<date>/` and the staged ones take their place.
 */
export async function restoreBackup(file: string, dataDir: string, version: string, now = new Date()): Promise<RestoreResult> {
  const paths = dataPaths(dataDir);
  refuseIfRunning(paths.pid);
  const createdDir = !existsSync(dataDir);
  ensureDir(dataDir);
  const staging = join(dataDir, `.restauration-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  try {
    const manifest = await readArchive(file, version, async (name) => {
      const target = join(staging, name);
      ensureDir(dirname(target));
      const fh = await open(target, "wx", 0o600);
      let position = 0;
      return {
        async write(chunk) {
          await fh.write(chunk, 0, chunk.length, position);
          position += chunk.length;
        },
        async close() {
          await fh.sync();
          await fh.close();
        },
      };
    });
    const facts = inspectDatabase(join(staging, ARCHIVE.db), "Base de la sauvegarde", version);
    for (const [table, count] of Object.entries(manifest.counts)) {
      if (facts.counts[table] !== count) throw new Error(`Archive corrompue : la table ${table} n'a pas le nombre de lignes annoncé. Rien n'a été modifié.`);
    }
    // Checked again: a server may have started while the archive was read.
    refuseIfRunning(paths.pid);
    const keptDir = swapIn(staging, paths, now);
    return { manifest, keptDir, summary: countsSummary(facts.counts) };
  } catch (error) {
    if (createdDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Moves the current data aside and the staged data into place (renames only: same disk). */
function swapIn(staging: string, paths: ReturnType<typeof dataPaths>, now: Date): string | null {
  if (existsSync(paths.db)) checkpoint(paths.db);
  const current = [paths.db, `${paths.db}-wal`, `${paths.db}-shm`, paths.uploads, paths.secret].filter((p) => existsSync(p));
  let keptDir: string | null = null;
  if (current.length > 0) {
    keptDir = join(dirname(paths.db), `avant-restauration-${now.toISOString().replace(/[:.]/g, "-")}`);
    mkdirSync(keptDir, { mode: 0o700 });
    for (const p of current) renameSync(p, join(keptDir, basename(p)));
  }
  renameSync(join(staging, ARCHIVE.db), paths.db);
  const stagedUploads = join(staging, ARCHIVE.uploads);
  if (existsSync(stagedUploads)) renameSync(stagedUploads, paths.uploads);
  else mkdirSync(paths.uploads);
  if (existsSync(join(staging, ARCHIVE.secret))) {
    renameSync(join(staging, ARCHIVE.secret), paths.secret);
    chmodSync(paths.secret, 0o600);
  }
  return keptDir;
}
