import { existsSync } from "node:fs";
import { lstat, mkdir, readdir, rename, rmdir, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { keyOf, type Storage } from "./storage";
import { STAGED_SUFFIX, STAGING_DIR } from "./storage/disk";

/** Files younger than this are left alone: they may belong to a write still under way. */
export const ORPHAN_MIN_AGE_MS = 3_600_000;

export interface SweepResult {
  /** Files in the upload folders that no row points to, removed. */
  orphans: number;
  /** Staged files (an upload cut short) removed. */
  staged: number;
  /** Staged files whose row was committed before a crash, moved into place. */
  recovered: number;
}

/**
 * Cleans the uploads folder at start-up, before any request is served. `referenced` maps each
 * stored name a database row points to onto the path where it belongs; those files are never
 * touched, however old. A staged file whose row exists but whose file is missing (a crash
 * between the commit and the move) is moved into place. Everything else older than
 * `minAgeMs` is removed, and folders left empty go with it.
 */
export async function sweepUploads(
  uploadsDir: string,
  referenced: Map<string, string>,
  { now = Date.now(), minAgeMs = ORPHAN_MIN_AGE_MS } = {},
): Promise<SweepResult> {
  const result: SweepResult = { orphans: 0, staged: 0, recovered: 0 };
  const wanted = new Set(referenced.values());
  const staging = join(uploadsDir, STAGING_DIR);

  const visit = async (path: string): Promise<void> => {
    // A file that vanished during the walk has nothing left to sweep.
    const info = await lstat(path).catch(() => null);
    if (!info || info.isDirectory() || wanted.has(path)) return;
    if (dirname(path) === staging && path.endsWith(STAGED_SUFFIX)) {
      const target = referenced.get(basename(path, STAGED_SUFFIX));
      if (target && !existsSync(target)) {
        await mkdir(dirname(target), { recursive: true });
        await rename(path, target);
        result.recovered++;
        return;
      }
    }
    if (now - info.mtimeMs < minAgeMs) return;
    await unlink(path);
    if (dirname(path) === staging || path.endsWith(STAGED_SUFFIX)) result.staged++;
    else result.orphans++;
  };

  // Depth first, so that a folder is looked at once its content is dealt with.
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(path);
        // Only empty folders go (rmdir refuses the others); the root and staging stay.
        // A folder that still holds files is refused by rmdir and stays, as intended.
        if (path !== staging) await rmdir(path).catch(() => undefined);
      } else await visit(path);
    }
  };
  await walk(uploadsDir);
  return result;
}

/**
 * The start-up sweep of whichever storage the server uses. On S3 there is no staging: an
 * object PUT is atomic (whole or absent), so uploads are written under their final key before
 * their row commits (lib/storage/s3). An object no row points to is then either an upload
 * still under way or one whose row never committed (a crash, a refused transaction): the
 * bucket is listed and such objects older than `minAgeMs` go, the younger ones stay.
 */
export async function sweepStorage(
  storage: Storage,
  uploadsDir: string,
  referenced: Map<string, string>,
  options: { now?: number; minAgeMs?: number } = {},
): Promise<SweepResult> {
  if (storage.kind === "disk") return await sweepUploads(uploadsDir, referenced, options);
  const { now = Date.now(), minAgeMs = ORPHAN_MIN_AGE_MS } = options;
  const wanted = new Set([...referenced.values()].map((path) => keyOf(uploadsDir, path)));
  const gone = (await storage.list("")).filter((o) => !wanted.has(o.key) && now - o.mtimeMs >= minAgeMs).map((o) => o.key);
  await storage.remove(gone);
  return { orphans: gone.length, staged: 0, recovered: 0 };
}

/** The French log line of a sweep, or null when there was nothing to do. */
export function sweepMessage(r: SweepResult): string | null {
  if (!r.orphans && !r.staged && !r.recovered) return null;
  const parts = [
    `${r.orphans} fichier(s) orphelin(s) supprimé(s)`,
    `${r.staged} fichier(s) temporaire(s) supprimé(s)`,
    `${r.recovered} fichier(s) remis en place`,
  ];
  return `Nettoyage des fichiers déposés : ${parts.join(", ")}.`;
}
