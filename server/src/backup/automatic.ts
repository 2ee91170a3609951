import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { dataPaths, ensureDir } from "../bootstrap";
import { MIGRATIONS } from "../db/embedded-migrations";
import { appliedMigrations, assertNotNewer, pendingMigrations } from "../db/migrate";
import { archiveSize, createBackup, fileCount } from "./create";
import { type Clock, systemClock } from "../lib/clock";
import type { Storage } from "../lib/storage";
import type { Job } from "../scheduler";
import { NIGHTLY_BACKUP, nextRunAt, parisLabel, pruneBackups, scheduledName } from "./schedule";

type Log = (level: "info" | "warn" | "error", message: string, extra?: Record<string, unknown>) => void;

export interface AutomaticBackupOptions {
  dataDir: string;
  /** PLANIFY_BACKUP_DIR / --backup-dir, or null. */
  backupDir: string | null;
  version: string;
  secretFromEnv: boolean;
  /** The school's PostgreSQL (DATABASE_URL), or null for the SQLite file. */
  databaseUrl?: string | null;
  /** Where the uploaded files live (the bucket of S3_BUCKET, or the uploads folder). */
  storage?: Storage;
  log: Log;
}

/** Where automatic backups go: the configured folder, else `<data-dir>/backups`. */
export function automaticBackupDir(o: Pick<AutomaticBackupOptions, "dataDir" | "backupDir">): string {
  return o.backupDir ?? join(o.dataDir, "backups");
}

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

/**
 * Run before the database is opened for serving: refuses a database a newer binary has
 * migrated, and when this binary is about to migrate an existing database, first writes a
 * full backup so that a failed or regretted upgrade can be undone. Returns the archive path.
 */
export async function backupBeforeMigrations(o: AutomaticBackupOptions, known = MIGRATIONS, now = Date.now): Promise<string | null> {
  const paths = dataPaths(o.dataDir);
  if (!existsSync(paths.db)) return null;
  const db = new Database(paths.db, { readonly: true });
  let applied: string[];
  try {
    applied = appliedMigrations(db);
  } finally {
    db.close();
  }
  assertNotNewer(applied, o.version, known);
  const pending = pendingMigrations(applied, known);
  if (applied.length === 0 || pending.length === 0) return null;
  const dir = automaticBackupDir(o);
  ensureDir(dir);
  const target = join(dir, `planify-avant-migration-${stamp(now())}.tar`);
  o.log("info", `Sauvegarde avant migration (${pending.join(", ")}) en cours…`);
  try {
    await createBackup({ dataDir: o.dataDir, target, version: o.version, secretFromEnv: o.secretFromEnv, storage: o.storage, now });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)} — migration annulée, la base n'a pas été modifiée.`);
  }
  o.log("info", `Sauvegarde avant migration écrite : ${target} (${archiveSize(target)})`, { file: target });
  return target;
}

/** Writes the night's archive, then lets retention prune the folder; logs both in French. */
async function writeNightly(o: AutomaticBackupOptions & { backupDir: string }, target: string, clock: Clock): Promise<void> {
  const { manifest } = await createBackup({
    dataDir: o.dataDir,
    target,
    version: o.version,
    secretFromEnv: o.secretFromEnv,
    databaseUrl: o.databaseUrl,
    storage: o.storage,
    now: () => clock.now(),
  });
  o.log("info", `Sauvegarde nocturne écrite : ${target} (${archiveSize(target)}, ${fileCount(manifest.files.length)})`, { file: target });
  if (manifest.missing.length > 0)
    o.log("warn", `Sauvegarde nocturne : ${manifest.missing.length} fichier(s) supprimé(s) pendant la copie`, {
      missing: manifest.missing,
    });
  const pruned = pruneBackups(o.backupDir);
  if (pruned.length > 0) o.log("info", `Anciennes sauvegardes supprimées (7 jours, 4 semaines gardés) : ${pruned.join(", ")}`);
}

/**
 * The nightly backup with retention, as a job of the server's one scheduler (claimed once across
 * nodes: its archive lands in the backup folder of the node that ran it); logs each run, its
 * pruning and the next date, in French. A failed run is thrown again after its log line, so the
 * scheduler records it and tries it again.
 */
export function nightlyBackupJob(o: AutomaticBackupOptions & { backupDir: string }, clock: Clock = systemClock): Job {
  ensureDir(o.backupDir);
  const run = async (dueAt: number) => {
    const target = join(o.backupDir, scheduledName(dueAt));
    let failure: { error: unknown } | null = null;
    try {
      // A run taken over after a crash that came once its archive was written: that archive is the night's.
      if (existsSync(target)) o.log("info", `Sauvegarde nocturne déjà écrite : ${target}`, { file: target });
      else await writeNightly(o, target, clock);
    } catch (error) {
      failure = { error };
      const message = error instanceof Error ? error.message : String(error);
      o.log("error", `Sauvegarde nocturne impossible : ${message.replace(/^Sauvegarde impossible : /, "")}`);
    }
    o.log("info", `Prochaine sauvegarde : ${parisLabel(nextRunAt(Math.max(clock.now(), dueAt)))} (heure de Paris)`);
    if (failure) throw failure.error;
  };
  o.log("info", `Sauvegardes nocturnes activées dans ${o.backupDir} ; prochaine : ${parisLabel(nextRunAt(clock.now()))} (heure de Paris)`);
  return { ...NIGHTLY_BACKUP, run };
}
