import { mkdir, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { ByteRange, StagedFile, Storage, StoredObject } from "./index";

/**
 * On disk, a file is first written in this folder of the uploads root, as `<name>.part`, then
 * renamed into place (same file system: whole or absent). Uploads whose rows come later wait
 * here until the rows are committed: a crash leaves only staged files, which the start-up
 * sweep recognises (lib/orphan-sweep).
 */
export const STAGING_DIR = ".tmp";
export const STAGED_SUFFIX = ".part";

/** A key as a path under `root`; keys are made by the server, but never leave the root. */
function pathOf(root: string, key: string): string {
  if (key.split("/").some((part) => part === ".." || part === "")) throw new Error(`invalid storage key: ${key}`);
  return join(root, ...key.split("/"));
}

/** The uploads folder on disk (the default storage). */
export function diskStorage(root: string): Storage {
  const staging = join(root, STAGING_DIR);

  async function stage(key: string, data: Blob | Uint8Array): Promise<StagedFile> {
    const temp = join(staging, basename(key) + STAGED_SUFFIX);
    const target = pathOf(root, key);
    await mkdir(staging, { recursive: true });
    try {
      await Bun.write(temp, data);
    } catch (error) {
      // A part written before the failure goes; none at all is as good.
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    return {
      async place() {
        await mkdir(dirname(target), { recursive: true });
        await rename(temp, target);
      },
      // Already gone (never written, or placed then removed) is what we wanted.
      discard: async () => void (await Promise.all([unlink(temp).catch(() => undefined), unlink(target).catch(() => undefined)])),
    };
  }

  const walk = async (dir: string, prefix: string, out: StoredObject[]): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (key === STAGING_DIR || entry.name.endsWith(STAGED_SUFFIX)) continue;
      if (entry.isDirectory()) await walk(join(dir, entry.name), key, out);
      else if (entry.isFile()) {
        // A file that vanished during the walk is not listed.
        const info = await stat(join(dir, entry.name)).catch(() => null);
        if (info) out.push({ key, size: info.size, mtimeMs: info.mtimeMs });
      }
    }
  };

  return {
    kind: "disk",
    async write(key, data) {
      const staged = await stage(key, data);
      try {
        await staged.place();
      } catch (error) {
        await staged.discard();
        throw error;
      }
    },
    stage,
    body(key, range?: ByteRange) {
      const file = Bun.file(pathOf(root, key));
      return range ? file.slice(range.start, range.end + 1) : file;
    },
    async stat(key) {
      // No such file: null, as the interface says.
      const info = await stat(pathOf(root, key)).catch(() => null);
      return info?.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
    },
    async remove(keys) {
      // A file already gone is what we wanted.
      await Promise.all(keys.map((key) => unlink(pathOf(root, key)).catch(() => undefined)));
    },
    async removeAll(prefix) {
      await rm(pathOf(root, prefix), { recursive: true, force: true });
    },
    async list(prefix) {
      const out: StoredObject[] = [];
      const clean = prefix.replace(/\/+$/, "");
      await walk(clean ? pathOf(root, clean) : root, clean, out);
      return out;
    },
    async check() {
      await stat(root);
    },
  };
}
