import { Database } from "bun:sqlite";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dataPaths } from "./bootstrap";

/**
 * One server per data folder. The lock is SQLite's own exclusive file lock (POSIX fcntl) on
 * `planify.lock`: the kernel drops it when the process ends, however it ends, so a crash never
 * leaves a folder locked and two starts at the same instant cannot both win. `planify.pid` is
 * only written by the holder, for people and for messages.
 */
export interface DataLock {
  /**
   * Says that this holder serves HTTP on `address` and will leave on SIGTERM: what a server
   * started with --takeover checks before it asks it to (takeover.ts). A restore or a backup,
   * which hold the folder too, never says it, so a takeover never stops them.
   */
  announce(address: ServingAddress): void;
  release(): void;
}

/** Where a server holding the folder listens. */
export interface ServingAddress {
  host: string;
  port: number;
}

/** The holder that serves, as planify.serving tells it: its PID and address. */
export interface ServingHolder extends ServingAddress {
  pid: number;
}

const servingFile = (dataDir: string) => join(dataDir, "planify.serving");

/** Written whole under a temporary name, then renamed: a reader never sees half a file. */
function writeWhole(path: string, text: string) {
  const temp = `${path}.${process.pid}`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Not ours to remove (a folder of that name): the write's own error says enough.
    }
    throw error;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as { code?: string }).code === "EPERM";
  }
};

/**
 * The server holding `dataDir` that may be taken over: its planify.serving names the same PID as
 * planify.pid, and that process lives. Null otherwise (a restore or a backup holds it, a server
 * of an older version that never announced itself, or files left by a crash).
 */
export function servingHolder(dataDir: string): ServingHolder | null {
  const pid = holderPid(dataPaths(dataDir).pid);
  const file = servingFile(dataDir);
  if (pid === null || !existsSync(file)) return null;
  let serving: Partial<ServingHolder>;
  try {
    serving = JSON.parse(readFileSync(file, "utf8")) as Partial<ServingHolder>;
  } catch {
    // Unreadable or half written by a crash: not a holder that can be asked to leave.
    return null;
  }
  const { host, port } = serving;
  if (serving.pid !== pid || typeof host !== "string" || !Number.isInteger(port) || !alive(pid)) return null;
  return { pid, host, port: port as number };
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
  // A crash leaves planify.serving behind: it names a dead PID until the next announce.
  rmSync(servingFile(dataDir), { force: true });
  try {
    writeWhole(paths.pid, String(process.pid));
  } catch (error) {
    // Not left held with no way to release it: the folder is free again for whoever comes next.
    held.delete(db);
    db.close();
    throw error;
  }
  return {
    announce({ host, port }) {
      if (held.has(db)) writeWhole(servingFile(dataDir), JSON.stringify({ pid: process.pid, host, port }));
    },
    release() {
      if (!held.delete(db)) return;
      rmSync(servingFile(dataDir), { force: true });
      rmSync(paths.pid, { force: true });
      db.close();
    },
  };
}

/**
 * Takes the folder as soon as its holder lets it go: tries every 50 ms for `waitMs`. Null when
 * it is still held then; other errors (a folder this user may not write) are thrown at once.
 */
export async function lockWhenFree(dataDir: string, waitMs: number): Promise<DataLock | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return lockDataDir(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirBusy)) throw error;
      if (Date.now() >= deadline) return null;
    }
    await Bun.sleep(50);
  }
}
