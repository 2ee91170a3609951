import { join } from "node:path";
import { ROLLOVER_MESSAGES as M } from "@planify/common/constants/rollover";
import { createBackup } from "../../backup/create";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

/** The French reason of a failed backup: a full disk and a folder it may not write are named. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "ENOSPC" || /ENOSPC|disk is full|database or disk is full/i.test(String(error)))
    return "Le disque du serveur est plein : libérez de la place puis recommencez.";
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return "Le dossier des sauvegardes n'est pas accessible en écriture.";
  // createBackup already says why in French (« Sauvegarde impossible : … »): keep its reason.
  const text = (error instanceof Error ? error.message : String(error)).replace(/^Sauvegarde impossible : /, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Writes a full backup (database, files, secret) before the rollover changes anything and
 * answers its file name. A failure is a French 503 (BACKUP_FAILED) and nothing is changed.
 */
export async function backupBeforeRollover(deps: AppDeps, schoolYear: string): Promise<{ name: string; file: string }> {
  if (!deps.backup) throw new AppError("BACKUP_FAILED", M.noBackupFolder);
  const name = `planify-avant-nouvelle-annee-${schoolYear}-${stamp(deps.now())}.tar`;
  const file = join(deps.backup.dir, name);
  try {
    await createBackup({
      dataDir: deps.backup.dataDir,
      target: file,
      version: deps.settings.version,
      secretFromEnv: deps.backup.secretFromEnv,
      databaseUrl: deps.backup.databaseUrl,
      storage: deps.storage,
      now: deps.now,
    });
  } catch (error) {
    deps.log("error", "rollover backup failed", { error: String(error) });
    throw new AppError("BACKUP_FAILED", M.backupFailed(reasonOf(error)));
  }
  return { name, file };
}
