// Restoring an archive when the files live in a bucket (S3_BUCKET): the archive's files are
// written to the bucket, and the bucket's other objects (the previous school's files the
// archive does not hold) are first copied into the folder kept aside, as on disk where the
// whole uploads folder moves there. Nothing is deleted from the bucket: the objects no row of
// the restored school points to are removed by the start-up sweep (lib/orphan-sweep) once
// older than an hour.
import { mkdirSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname, join } from "node:path";
import { streamOf, type Storage } from "../lib/storage";
import { ARCHIVE, type Manifest } from "./manifest";

/** The bucket keys of an archive's uploaded files ("uploads/submissions/t/a.pdf" → "submissions/t/a.pdf"). */
export const archivedKeys = (manifest: Manifest): string[] =>
  manifest.files.filter((f) => f.path.startsWith(`${ARCHIVE.uploads}/`)).map((f) => f.path.slice(ARCHIVE.uploads.length + 1));

/** Writes one object of the bucket to a file, streamed (bounded memory). */
async function download(storage: Storage, key: string, target: string): Promise<void> {
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const fh = await open(target, "wx", 0o600);
  try {
    let position = 0;
    for await (const chunk of streamOf(storage.body(key)) as unknown as AsyncIterable<Uint8Array>) {
      await fh.write(chunk, 0, chunk.length, position);
      position += chunk.length;
    }
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Copies every object of the bucket the archive does not hold into `keptUploads` (under its
 * key), so the folder kept aside holds the previous school whole. Answers how many.
 */
export async function keepBucketFiles(storage: Storage, manifest: Manifest, keptUploads: string): Promise<number> {
  const restored = new Set(archivedKeys(manifest));
  const others = (await storage.list("")).filter((o) => !restored.has(o.key));
  for (const o of others) await download(storage, o.key, join(keptUploads, ...o.key.split("/")));
  return others.length;
}

/**
 * Writes the archive's files, extracted and checked in `stagedUploads`, to the bucket (each
 * streamed from disk), then checks each object's size there. An object under the same key is
 * replaced: keys carry the upload's random name, so it is the same file.
 */
export async function uploadToBucket(storage: Storage, manifest: Manifest, stagedUploads: string): Promise<number> {
  const files = manifest.files.filter((f) => f.path.startsWith(`${ARCHIVE.uploads}/`));
  for (const f of files) {
    const key = f.path.slice(ARCHIVE.uploads.length + 1);
    await storage.write(key, Bun.file(join(stagedUploads, ...key.split("/"))));
    const stored = await storage.stat(key);
    if (stored?.size !== f.size)
      throw new Error(`le fichier ${key} n'a pas été écrit en entier dans le compartiment (${stored?.size ?? 0} octets sur ${f.size}).`);
  }
  return files.length;
}
