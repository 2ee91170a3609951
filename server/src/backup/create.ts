import { Database } from "bun:sqlite";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { dataPaths, ensureDir } from "../bootstrap";
import { storedPath } from "../features/tasks/files-service";
import { ARCHIVE, inspectDatabase, MANIFEST_FORMAT, MANIFEST_FORMAT_VERSION, type Manifest, type ManifestFile } from "./manifest";
import { TarWriter } from "./tar";
import { verifyArchive } from "./verify";

export interface BackupOptions {
  dataDir: string;
  /** The archive to write; it must not exist yet. */
  target: string;
  /** Version of this binary, recorded in the manifest. */
  version: string;
  /** True when the signing secret comes from PLANIFY_JWT_SECRET rather than the data folder. */
  secretFromEnv?: boolean;
  now?: () => number;
}

/** Every regular file under `dir` (relative paths, sorted), skipping hidden names such as the upload staging folder. */
function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else if (entry.isFile()) out.push(relative(base, full).split(sep).join("/"));
  }
  return out;
}

/** Uploaded files the snapshot points to, relative to the uploads folder. */
function referencedFiles(snapshot: string): string[] {
  const db = new Database(snapshot, { readonly: true });
  try {
    const rows = db.query<{ kind: "attachment" | "submission"; taskId: string; storedName: string }, []>(
      "SELECT kind, task_id AS taskId, stored_name AS storedName FROM task_files",
    ).all();
    return rows.map((r) => storedPath({ uploadsDir: "" }, r).split(sep).join("/").replace(/^\//, ""));
  } finally {
    db.close();
  }
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
 * Writes one archive holding a consistent database snapshot, every uploaded file, the
 * signing secret and a manifest (version, schema, counts, checksums). The archive is
 * written under a temporary name, read back and checked, then renamed: a failed backup
 * leaves nothing behind and never overwrites anything.
 */
export async function createBackup(options: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const { dataDir, target, version } = options;
  const now = options.now ?? Date.now;
  const paths = dataPaths(dataDir);
  if (!existsSync(paths.db)) throw new Error(`Aucune base trouvée : ${paths.db}`);
  if (existsSync(target)) throw new Error(`Le fichier existe déjà : ${target} (rien n'a été écrasé).`);
  ensureDir(dirname(target));
  const partial = `${target}.partiel-${process.pid}`;
  const snapshot = `${target}.base-${process.pid}`;
  let writer: TarWriter | null = null;
  try {
    const createdAt = new Date(now()).toISOString();
    snapshotDatabase(paths.db, snapshot);
    // A newer schema is copied all the same: a backup never refuses to save data.
    const facts = inspectDatabase(snapshot, "Copie de la base");
    const referenced = new Set(referencedFiles(snapshot));
    writer = await TarWriter.create(partial);
    const files: ManifestFile[] = [{ path: ARCHIVE.db, ...(await writer.addFile(ARCHIVE.db, snapshot)) }];
    rmSync(snapshot, { force: true });
    const secretInFolder = existsSync(paths.secret);
    if (secretInFolder) files.push({ path: ARCHIVE.secret, ...(await writer.addFile(ARCHIVE.secret, paths.secret)) });
    // Files are listed after the snapshot: every row in it was committed, so its file is in
    // place by now; a file deleted in between is reported as missing, never invented.
    const missing: string[] = [];
    for (const rel of [...new Set([...listFiles(paths.uploads), ...referenced])].sort()) {
      const source = join(paths.uploads, rel);
      if (!existsSync(source)) {
        if (referenced.has(rel)) missing.push(rel);
        continue;
      }
      const name = `${ARCHIVE.uploads}/${rel}`;
      files.push({ path: name, ...(await writer.addFile(name, source)) });
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      formatVersion: MANIFEST_FORMAT_VERSION,
      appVersion: version,
      createdAt,
      schema: { migrations: facts.migrations, latest: facts.migrations.at(-1) ?? null },
      counts: facts.counts,
      jwtSecret: secretInFolder ? "archive" : options.secretFromEnv ? "environment" : "absent",
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
    rmSync(partial, { force: true });
    rmSync(snapshot, { force: true });
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.startsWith("Aucune") || message.startsWith("Le fichier") ? message : `Sauvegarde impossible : ${message}`);
  }
}

/** Size on disk of an archive, for the logs ("12,4 Mo"). */
export function archiveSize(file: string): string {
  return `${(statSync(file).size / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
}

/** "1 fichier", "3 fichiers". */
export const fileCount = (n: number) => `${n} fichier${n > 1 ? "s" : ""}`;
