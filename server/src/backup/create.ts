import { Database } from "bun:sqlite";
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { dataPaths, ensureDir } from "../bootstrap";
import { referencedInSnapshot } from "./referenced";
import { snapshotPostgres } from "./postgres";
import { ARCHIVE, inspectDatabase, MANIFEST_FORMAT, MANIFEST_FORMAT_VERSION, type Manifest, type ManifestFile } from "./manifest";
import { TarWriter } from "./tar";
import { verifyArchive } from "./verify";
import { STAGED_SUFFIX, STAGING_DIR } from "../lib/files";
import { streamOf, type Storage } from "../lib/storage";

export interface BackupOptions {
  dataDir: string;
  /** The archive to write; it must not exist yet. */
  target: string;
  /** Version of this binary, recorded in the manifest. */
  version: string;
  /** True when the signing secret comes from PLANIFY_JWT_SECRET rather than the data folder. */
  secretFromEnv?: boolean;
  /** The school's PostgreSQL (DATABASE_URL), or null/absent for the SQLite file of the data folder. */
  databaseUrl?: string | null;
  /** Where the uploaded files live (deps.storage); absent or on disk: the data folder's uploads. */
  storage?: Storage;
  now?: () => number;
  /** Tests only: runs between the database snapshot and the reading of its file references. */
  afterSnapshot?: () => void | Promise<void>;
}

/**
 * Archives the first of `sources` that can be opened (the same file may move from one to the
 * next meanwhile: an opened file survives its rename), or returns null when none exists.
 */
async function addFirstPresent(writer: TarWriter, name: string, sources: string[]) {
  for (const source of sources) {
    try {
      return await writer.addFile(name, source);
    } catch (error) {
      if ((error as { code?: string }).code !== "ENOENT") throw error;
    }
  }
  return null;
}

/** Archives a file of the bucket, streamed from it (never whole in memory), or returns null when it is gone. */
async function addFromStorage(writer: TarWriter, name: string, storage: Storage, key: string) {
  const found = await storage.stat(key);
  return found ? await writer.addStream(name, found.size, found.mtimeMs, streamOf(storage.body(key))) : null;
}

/** VACUUM INTO reads one consistent snapshot while the server keeps writing. */
function snapshotDatabase(dbPath: string, target: string) {
  const db = new Database(dbPath, { readonly: false, create: false });
  try {
    // Writers of the running server hold the lock only briefly; wait for them.
    db.exec("PRAGMA busy_timeout = 30000");
    db.query("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
}

/**
 * Writes one archive holding a consistent database snapshot (SQLite's VACUUM INTO, or every
 * table of PostgreSQL read in one REPEATABLE READ transaction into a SQLite file: the same
 * archive whatever the engine), the uploaded files its rows point to (from the uploads folder
 * or streamed from the bucket: the same archive whatever the storage), the
 * signing secret and a manifest (version, schema, counts, checksums). The archive is
 * written under a temporary name, read back and checked, then renamed: a failed backup
 * leaves nothing behind and never overwrites anything.
 */
export async function createBackup(options: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const { dataDir, target, version } = options;
  const now = options.now ?? Date.now;
  const paths = dataPaths(dataDir);
  if (!options.databaseUrl && !existsSync(paths.db)) throw new Error(`Aucune base trouvée : ${paths.db}`);
  if (existsSync(target)) throw new Error(`Le fichier existe déjà : ${target} (rien n'a été écrasé).`);
  const partial = `${target}.partiel-${process.pid}`;
  const snapshot = `${target}.base-${process.pid}`;
  let writer: TarWriter | null = null;
  try {
    ensureDir(dirname(target));
    const createdAt = new Date(now()).toISOString();
    // On PostgreSQL, the files are read in the snapshot's own transaction when the features' tables are PostgreSQL's.
    let referenced: string[] | null = null;
    if (options.databaseUrl) referenced = await snapshotPostgres(options.databaseUrl, snapshot, paths.uploads, options.storage);
    else snapshotDatabase(paths.db, snapshot);
    // A newer schema is copied all the same: a backup never refuses to save data.
    const facts = inspectDatabase(snapshot, "Copie de la base");
    await options.afterSnapshot?.();
    referenced ??= await referencedInSnapshot(snapshot, paths.uploads, options.storage);
    writer = await TarWriter.create(partial);
    const files: ManifestFile[] = [{ path: ARCHIVE.db, ...(await writer.addFile(ARCHIVE.db, snapshot)) }];
    rmSync(snapshot, { force: true });
    const secretInFolder = existsSync(paths.secret);
    if (secretInFolder) files.push({ path: ARCHIVE.secret, ...(await writer.addFile(ARCHIVE.secret, paths.secret)) });
    if (existsSync(paths.vapid)) files.push({ path: ARCHIVE.vapid, ...(await writer.addFile(ARCHIVE.vapid, paths.vapid)) });
    // Exactly the files the snapshot's rows point to; a file written after the snapshot stays
    // out (its row is not in it), and a file deleted in between is reported as missing, never
    // invented. On disk, a hand-in's row commits just before its file leaves the staging folder:
    // a file still staged is archived under the path it is on its way to. In a bucket, the
    // object is written under its key before its row commits, and streamed from there.
    const missing: string[] = [];
    const bucket = options.storage?.kind === "s3" ? options.storage : null;
    for (const rel of referenced) {
      const name = `${ARCHIVE.uploads}/${rel}`;
      const written = bucket
        ? await addFromStorage(writer, name, bucket, rel)
        : await addFirstPresent(writer, name, [
            join(paths.uploads, rel),
            join(paths.uploads, STAGING_DIR, basename(rel) + STAGED_SUFFIX),
            join(paths.uploads, rel),
          ]);
      if (written) files.push({ path: name, ...written });
      else missing.push(rel);
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      formatVersion: MANIFEST_FORMAT_VERSION,
      appVersion: version,
      createdAt,
      schema: { migrations: facts.migrations, latest: facts.migrations.at(-1) ?? null },
      counts: facts.counts,
      // With PLANIFY_JWT_SECRET set, a secret file in the folder is not the one in use.
      jwtSecret: options.secretFromEnv ? "environment" : secretInFolder ? "archive" : "absent",
      files,
      missing,
    };
    await writer.addBytes(ARCHIVE.manifest, new TextEncoder().encode(JSON.stringify(manifest, null, 2)), now());
    await writer.finish();
    writer = null;
    await verifyArchive(partial, version);
    renameSync(partial, target);
    return { file: target, manifest };
  } catch (error) {
    await writer?.abort();
    for (const leftover of [partial, snapshot]) {
      try {
        rmSync(leftover, { force: true });
      } catch {
        // The folder itself could not be used: there is nothing to remove.
      }
    }
    throw new Error(`Sauvegarde impossible : ${reason(error)}`);
  }
}

const FS_REASONS: Record<string, string> = {
  ENOSPC: "plus de place sur le disque",
  EDQUOT: "quota disque dépassé",
  EACCES: "accès refusé",
  EPERM: "opération non permise",
  EROFS: "disque en lecture seule",
  ENOENT: "dossier ou fichier introuvable",
  ENOTDIR: "un élément du chemin n'est pas un dossier",
  EISDIR: "c'est un dossier, pas un fichier",
  EEXIST: "un fichier du même nom existe déjà",
  SQLITE_BUSY: "base occupée trop longtemps",
};

/** A French reason for an error, with the system's wording only when no translation exists. */
export function reason(error: unknown): string {
  const code = (error as { code?: string })?.code;
  if (code && FS_REASONS[code]) return `${FS_REASONS[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/** Size on disk of an archive, for the logs ("12,4 Mo"). */
export function archiveSize(file: string): string {
  return `${(statSync(file).size / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
}

/** "1 fichier", "3 fichiers". */
export const fileCount = (n: number) => `${n} fichier${n > 1 ? "s" : ""}`;
