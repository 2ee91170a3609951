import { Database } from "bun:sqlite";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dataPaths } from "./bootstrap";

/**
 * One server per data folder. The lock is SQLite's own exclusive file lock (POSIX fcntl) on
 * `planify.lock`: the kernel drops it when the process ends, however it ends, so a crash never
 * leaves a folder locked and two starts at the same instant cannot both win. `planify.pid` is
 * only written by the holder, for people and for messages.
 */
export interface DataLock {
  release(): void;
}

// bun:sqlite closes a Database once nothing references it: keep the holder reachable.
const held = new Set<Database>();

function holderPid(pidFile: string): number | null {
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** True when a live process holds the folder's lock (looked at without keeping it). */
export function dataDirHeld(dataDir: string): boolean {
  const { lock } = dataPaths(dataDir);
  if (!existsSync(lock)) return false;
  const db = new Database(lock);
  try {
    db.exec("PRAGMA busy_timeout = 0");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("ROLLBACK");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  } finally {
    db.close();
  }
}

/** The refusal when another process holds the folder: the usual French message, and the holder's PID when its pid file tells it. */
export class DataDirBusy extends Error {
  constructor(
    dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur Planify${pid ? ` (PID ${pid})` : ""}. ` +
        "Deux serveurs sur les mêmes données les abîmeraient : arrêtez l'autre d'abord, ou choisissez un autre dossier avec --data-dir (ou PLANIFY_DATA_DIR).",
    );
  }
}

/** Takes the data folder for this process, or throws the French refusal naming the folder and the PID holding it. */
export function lockDataDir(dataDir: string): DataLock {
  const paths = dataPaths(dataDir);
  const db = new Database(paths.lock, { create: true });
  try {
    db.exec("PRAGMA busy_timeout = 0");
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    throw new DataDirBusy(dataDir, holderPid(paths.pid));
  }
  held.add(db);
  // Written whole under a temporary name, then renamed: a reader never sees half a PID.
  const temp = `${paths.pid}.${process.pid}`;
  try {
    writeFileSync(temp, String(process.pid));
    renameSync(temp, paths.pid);
  } catch (error) {
    // Not left held with no way to release it: the folder is free again for whoever comes next.
    held.delete(db);
    db.close();
    try {
      rmSync(temp, { force: true });
    } catch {
      // Not ours to remove (a folder of that name): the write's own error says enough.
    }
    throw error;
  }
  return {
    release() {
      if (!held.delete(db)) return;
      rmSync(paths.pid, { force: true });
      db.close();
    },
  };
}
