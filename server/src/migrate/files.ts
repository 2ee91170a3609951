// The uploaded files of a school being moved: each one the rows point to must exist, and read
// back where the new server will read it (the same uploads folder, or the bucket they were
// copied to), have the same SHA-256 as at the source.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { streamOf, type Storage } from "../lib/storage";

/** Reads a file (relative to the uploads folder, "/"-separated) as a stream, or null when it does not exist. */
export type FileSource = (relative: string) => Promise<AsyncIterable<Uint8Array> | null>;

export interface FilesChecked {
  count: number;
  bytes: number;
}

/** SHA-256 and size of a file, read as a stream (bounded memory); null when it does not exist. */
async function digest(source: FileSource, rel: string): Promise<{ sha256: string; size: number } | null> {
  const body = await source(rel);
  if (!body) return null;
  const hash = new Bun.CryptoHasher("sha256");
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest("hex"), size };
}

const listed = (names: string[]) => (names.length > 5 ? `${names.slice(0, 5).join(", ")}… (${names.length})` : names.join(", "));

/**
 * Hashes each file at the source, hands it to `copy` when the files move (to the bucket), then
 * reads it back at the target: a file missing at the source, or different once read back, fails
 * the move with a French message naming it.
 */
export async function checkFiles(
  files: readonly string[],
  source: FileSource,
  target: FileSource,
  copy?: (rel: string) => Promise<void>,
): Promise<FilesChecked> {
  const missing: string[] = [];
  const different: string[] = [];
  let bytes = 0;
  for (const rel of files) {
    const before = await digest(source, rel);
    if (!before) {
      missing.push(rel);
      continue;
    }
    await copy?.(rel);
    const after = await digest(target, rel);
    if (!after || after.sha256 !== before.sha256) different.push(rel);
    bytes += before.size;
  }
  if (missing.length > 0)
    throw new Error(
      `${missing.length} fichier(s) déposé(s) que la base cite manquent dans le dossier des données : ${listed(missing)}. ` +
        "Remettez-les en place (ou restaurez une sauvegarde) avant de migrer.",
    );
  if (different.length > 0) throw new Error(`${different.length} fichier(s) relu(s) différent(s) de l'original : ${listed(different)}.`);
  return { count: files.length, bytes };
}

/** The path of a file of the uploads folder. */
export const pathIn = (uploadsDir: string, rel: string) => join(uploadsDir, ...rel.split("/"));

/** The uploads folder of a data folder as a file source. */
export const inFolder =
  (uploadsDir: string): FileSource =>
  async (rel) => {
    const path = pathIn(uploadsDir, rel);
    // Absent (or not a file): null, counted as missing by the caller.
    const info = await stat(path).catch(() => null);
    return info?.isFile() ? (createReadStream(path) as AsyncIterable<Uint8Array>) : null;
  };

/** A storage (the bucket) as a file source, each file streamed from it. */
export const inStorage =
  (storage: Storage): FileSource =>
  async (rel) =>
    (await storage.stat(rel)) ? (streamOf(storage.body(rel)) as unknown as AsyncIterable<Uint8Array>) : null;

/** Copies a file of the uploads folder into the storage under its key, streamed from disk. */
export const copyInto =
  (uploadsDir: string, storage: Storage) =>
  async (rel: string): Promise<void> =>
    await storage.write(rel, Bun.file(pathIn(uploadsDir, rel)));
