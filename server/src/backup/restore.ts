import { Database } from "bun:sqlite";
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { dataPaths, ensureDir, runningServerPid } from "../bootstrap";
import { DataDirBusy, lockDataDir, type DataLock } from "../data-lock";
import { reason } from "./create";
import { ARCHIVE, countsSummary, inspectDatabase, type Manifest } from "./manifest";
import { readArchive } from "./verify";
import { loadIntoPostgres, postgresHoldsSchool, snapshotPostgres } from "./postgres";
import type { Storage } from "../lib/storage";
import { keepBucketFiles, uploadToBucket } from "./bucket";

export interface RestoreResult {
  manifest: Manifest;
  /** Folder holding what the data folder had before, or null if it held nothing. */
  keptDir: string | null;
  summary: string;
  /** Files in a bucket: the archive's files written there, and the bucket's other objects copied into keptDir/uploads. */
  bucket?: { written: number; kept: number };
}

const serverRunning = (pid: number | null, before: string) =>
  new Error(`Le serveur utilise ce dossier${pid ? ` (PID ${pid})` : ""} : arrêtez-le avant de ${before}. Rien n'a été modifié.`);

/**
 * Takes the folder's lock for the whole restore, so no server can open it mid-swap (one started
 * meanwhile is refused as by a running server). Where `planify.lock` exists the lock alone tells
 * a running server, even without its pid file, and a stale pid file whose PID was reused does not
 * refuse; without it, only the pid file tells an older server, which had no lock.
 */
export function lockStoppedFolder(dataDir: string, before = "restaurer"): DataLock {
  const paths = dataPaths(dataDir);
  if (!existsSync(paths.lock)) {
    const pid = runningServerPid(paths.pid);
    if (pid) throw serverRunning(pid, before);
  }
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    throw error instanceof DataDirBusy ? serverRunning(error.pid, before) : error;
  }
}

/** Clean-up after a failure must not hide that failure (the folder may never have been made). */
function removeQuietly(path: string) {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Nothing was there to remove.
  }
}

/**
 * Folds the old database's WAL into its file so the copy kept aside is complete on its own. A
 * damaged database (the reason for many restores) cannot be checkpointed: it is then kept
 * aside as it is, with its WAL beside it.
 */
function checkpoint(dbPath: string) {
  let old: Database | null = null;
  try {
    old = new Database(dbPath);
    old.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch {
    // Kept aside byte for byte instead.
  } finally {
    old?.close();
  }
}

/**
 * Restores a backup archive into a data folder (database, uploads, signing secret). The
 * archive is extracted into a hidden staging folder and fully checked (checksums, database
 * integrity, schema not newer than this binary, counts) before anything of the data folder
 * moves; then the current database, uploads and secret are moved into
 * `avant-restauration-<date>/` and the staged ones take their place. With `databaseUrl`, the
 * school lives in PostgreSQL: the one there is first kept in that folder as a SQLite file, then
 * the archive's database is loaded into it in one transaction (replacing it), then the files.
 * With the files in a bucket (`storage` on S3), before the database moves: the bucket's objects
 * the archive does not hold are copied into `avant-restauration-<date>/uploads/`, then the
 * archive's files are written to the bucket (see backup/bucket.ts); nothing is deleted there.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  version: string,
  now = new Date(),
  databaseUrl: string | null = null,
  storage: Storage | null = null,
): Promise<RestoreResult> {
  const bucket = storage?.kind === "s3" ? storage : null;
  const paths = dataPaths(dataDir);
  const createdDir = !existsSync(dataDir);
  const staging = join(dataDir, `.restauration-${process.pid}`);
  let lock: DataLock | null = null;
  try {
    ensureDir(dataDir);
    // Before the first await: from the moment this returns, the folder is taken.
    lock = lockStoppedFolder(dataDir);
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { mode: 0o700 });
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
      if (facts.counts[table] !== count)
        throw new Error(`Archive corrompue : la table ${table} n'a pas le nombre de lignes annoncé. Rien n'a été modifié.`);
    }
    const keptDir = join(dataDir, `avant-restauration-${now.toISOString().replace(/[:.]/g, "-")}`);
    const written = bucket ? await intoBucket(bucket, manifest, staging, keptDir) : undefined;
    if (databaseUrl) await replaceInPostgres(databaseUrl, join(staging, ARCHIVE.db), keptDir, paths.uploads, version);
    try {
      const kept = swapIn(staging, paths, keptDir, !databaseUrl, !bucket);
      const result = { manifest, keptDir: kept ?? (existsSync(keptDir) ? keptDir : null), summary: countsSummary(facts.counts) };
      return written ? { ...result, bucket: written } : result;
    } catch (error) {
      throw new Error(
        `Restauration interrompue (${reason(error)}) : ce que contenait le dossier est dans ${keptDir}, la sauvegarde est intacte ; relancez la restauration.`,
      );
    }
  } catch (error) {
    if (createdDir) {
      lock?.release();
      removeQuietly(dataDir);
    }
    const system = (error as { code?: string }).code !== undefined;
    throw system ? new Error(`Restauration impossible : ${reason(error)}. Rien n'a été modifié.`) : error;
  } finally {
    removeQuietly(staging);
    // Also removes the pid file the lock wrote: a restore leaves none behind.
    lock?.release();
  }
}

/**
 * PostgreSQL: keeps the school there in `keptDir` as a SQLite file (a snapshot), then loads the
 * archive's database in its place in one transaction. A failure leaves the database as it was.
 */
async function replaceInPostgres(url: string, file: string, keptDir: string, uploadsDir: string, version: string) {
  try {
    if (await postgresHoldsSchool(url)) {
      mkdirSync(keptDir, { recursive: true, mode: 0o700 });
      await snapshotPostgres(url, join(keptDir, ARCHIVE.db), uploadsDir);
    }
    await loadIntoPostgres(url, file, version);
  } catch (error) {
    removeQuietly(keptDir);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Restauration impossible : ${message} La base PostgreSQL n'a pas été modifiée, ni le dossier des données.`);
  }
}

/**
 * The bucket's other objects kept aside, then the archive's files written to it; a failure
 * removes what was kept aside and says nothing else changed (the objects written are either
 * the same files under the same keys or ones no row points to, which the start-up sweep removes).
 */
async function intoBucket(bucket: Storage, manifest: Manifest, staging: string, keptDir: string) {
  try {
    const kept = await keepBucketFiles(bucket, manifest, join(keptDir, ARCHIVE.uploads));
    return { kept, written: await uploadToBucket(bucket, manifest, join(staging, ARCHIVE.uploads)) };
  } catch (error) {
    removeQuietly(keptDir);
    throw new Error(
      `Restauration impossible : écriture dans le compartiment S3 interrompue (${reason(error)}). ` +
        "Aucun fichier du compartiment n'a été supprimé ; la base, le secret et le dossier des données n'ont pas été modifiés.",
    );
  }
}

/**
 * Moves the current data aside and the staged data into place (renames only: same disk). With
 * the files in a bucket (`withUploads` false), the uploads folder is left where it is.
 */
function swapIn(
  staging: string,
  paths: ReturnType<typeof dataPaths>,
  keptDir: string,
  withDatabase: boolean,
  withUploads: boolean,
): string | null {
  // On PostgreSQL the database is loaded already; a SQLite file left in the folder is not the school's.
  const files = [...(withUploads ? [paths.uploads] : []), paths.secret, paths.vapid];
  if (withDatabase && existsSync(paths.db)) checkpoint(paths.db);
  const current = [...(withDatabase ? [paths.db, `${paths.db}-wal`, `${paths.db}-shm`] : []), ...files].filter((p) => existsSync(p));
  if (current.length > 0) {
    mkdirSync(keptDir, { recursive: true, mode: 0o700 });
    for (const p of current) renameSync(p, join(keptDir, basename(p)));
  }
  if (withDatabase) renameSync(join(staging, ARCHIVE.db), paths.db);
  const stagedUploads = join(staging, ARCHIVE.uploads);
  if (!withUploads) mkdirSync(paths.uploads, { recursive: true });
  else if (existsSync(stagedUploads)) renameSync(stagedUploads, paths.uploads);
  else mkdirSync(paths.uploads);
  if (existsSync(join(staging, ARCHIVE.secret))) {
    renameSync(join(staging, ARCHIVE.secret), paths.secret);
    chmodSync(paths.secret, 0o600);
  }
  if (existsSync(join(staging, ARCHIVE.vapid))) {
    renameSync(join(staging, ARCHIVE.vapid), paths.vapid);
    chmodSync(paths.vapid, 0o600);
  }
  return current.length > 0 ? keptDir : null;
}
