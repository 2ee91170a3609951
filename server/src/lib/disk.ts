import { statfsSync } from "node:fs";
import type { AppDeps } from "../deps";
import { memoOf } from "./cache";

/** Error codes that mean the disk (or the account's disk quota) has no room: nothing was written. */
const DISK_FULL_CODES = new Set(["SQLITE_FULL", "ENOSPC", "EDQUOT"]);

/**
 * True when this error, or one it wraps (drizzle wraps SQLite's errors in `cause`), says the
 * disk is full: SQLite's SQLITE_FULL, or ENOSPC / EDQUOT from a file write.
 */
export function isDiskFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && DISK_FULL_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /database or disk is full|ENOSPC|EDQUOT/.test(message)) return true;
  }
  return false;
}

/** The data folder's disk as last measured. */
export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
  /** Below the threshold IT set (PLANIFY_DISK_MIN_FREE_MB). */
  low: boolean;
}

/** How long one measure is reused: health is called thousands of times a second under load. */
export const DISK_CACHE_MS = 2000;

/**
 * Free space of the disk holding `path`, measured with statfs at most once per `cacheMs`
 * (one system call; health stays as cheap as before). `forget()` makes the next call measure
 * again, as after a write refused for lack of space.
 */
export function diskWatch(path: string, minFreeBytes: number, now: () => number = Date.now, cacheMs = DISK_CACHE_MS) {
  let last: DiskSpace | null = null;
  let measuredAt = 0;
  return {
    space(): DiskSpace {
      const t = now();
      if (last && t - measuredAt < cacheMs) return last;
      try {
        const s = statfsSync(path);
        // bavail: blocks an unprivileged process may still use (root's reserve is not ours).
        const freeBytes = s.bavail * s.bsize;
        last = { freeBytes, totalBytes: s.blocks * s.bsize, low: freeBytes < minFreeBytes };
      } catch {
        // The folder is gone or unreadable: report nothing free, so monitoring looks.
        last = { freeBytes: 0, totalBytes: 0, low: true };
      }
      measuredAt = t;
      return last;
    },
    forget() {
      last = null;
    },
    minFreeBytes,
  };
}
export type DiskWatch = ReturnType<typeof diskWatch>;

/**
 * The app's watch on the data folder's disk (measured through the uploads folder, which lives
 * in it), made on first use: a cache, one per app.
 */
export function diskOf(deps: AppDeps): DiskWatch {
  return memoOf<DiskWatch>(deps, "disk-watch", { max: 1 }).get("", () => diskWatch(deps.uploadsDir, deps.settings.diskMinFreeBytes ?? 0));
}
