import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { dataPaths, ensureDir } from "../bootstrap";
import { MIGRATIONS } from "../db/embedded-migrations";
import { appliedMigrations, assertNotNewer, pendingMigrations } from "../db/migrate";
import { archiveSize, createBackup, fileCount } from "./create";
import { type Clock, systemClock } from "../lib/clock";
import type { Storage } from "../lib/storage";
import { nextRunAt, parisLabel, pruneBackups, scheduledName, startSchedule, type Schedule } from "./schedule";

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

/** Turns on the nightly backup with retention; logs each run, its pruning and the next date, in French. */
export function startNightlyBackups(o: AutomaticBackupOptions & { backupDir: string }, clock: Clock = systemClock): Schedule {
  ensureDir(o.backupDir);
  const schedule = startSchedule(async (dueAt) => {
    const target = join(o.backupDir, scheduledName(dueAt));
    try {
      const { manifest } = await createBackup({
        dataDir: o.dataDir,
        target,
        version: o.version,
        secretFromEnv: o.secretFromEnv,
        databaseUrl: o.databaseUrl,
        storage: o.storage,
        now: () => clock.now(),
      });
      o.log("info", `Sauvegarde nocturne écrite : ${target} (${archiveSize(target)}, ${fileCount(manifest.files.length)})`, {
        file: target,
      });
      if (manifest.missing.length > 0)
        o.log("warn", `Sauvegarde nocturne : ${manifest.missing.length} fichier(s) supprimé(s) pendant la copie`, {
          missing: manifest.missing,
        });
      const pruned = pruneBackups(o.backupDir);
      if (pruned.length > 0) o.log("info", `Anciennes sauvegardes supprimées (7 jours, 4 semaines gardés) : ${pruned.join(", ")}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      o.log("error", `Sauvegarde nocturne impossible : ${message.replace(/^Sauvegarde impossible : /, "")}`);
    }
    o.log("info", `Prochaine sauvegarde : ${parisLabel(nextRunAt(Math.max(clock.now(), dueAt)))} (heure de Paris)`);
  }, clock);
  o.log("info", `Sauvegardes nocturnes activées dans ${o.backupDir} ; prochaine : ${parisLabel(schedule.nextAt())} (heure de Paris)`);
  return schedule;
}
