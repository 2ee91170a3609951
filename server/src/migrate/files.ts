// The uploaded files of a school being moved: each one the rows point to must exist, and read
// back where the new server will read it, have the same SHA-256 as at the source.
import { createReadStream } from "node:fs";
import { join } from "node:path";

/** Where a file (relative to the uploads folder) is read from. */
export type FileLocation = (relative: string) => string;

export interface FilesChecked {
  count: number;
  bytes: number;
}

/** SHA-256 and size of a file, read as a stream (bounded memory); null when it does not exist. */
async function digest(path: string): Promise<{ sha256: string; size: number } | null> {
  const hash = new Bun.CryptoHasher("sha256");
  let size = 0;
  try {
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return null;
    throw error;
  }
  return { sha256: hash.digest("hex"), size };
}

const listed = (names: string[]) => (names.length > 5 ? `${names.slice(0, 5).join(", ")}… (${names.length})` : names.join(", "));

/**
 * Hashes each file at the source, then reads it back at the target: a file missing at the
 * source, or different once read back, fails the move with a French message naming it.
 * In this slice the files stay in the data folder, so the target is the same uploads folder.
 */
export async function checkFiles(files: readonly string[], source: FileLocation, target: FileLocation): Promise<FilesChecked> {
  const missing: string[] = [];
  const different: string[] = [];
  let bytes = 0;
  for (const rel of files) {
    const before = await digest(source(rel));
    if (!before) {
      missing.push(rel);
      continue;
    }
    const after = await digest(target(rel));
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

/** The uploads folder of a data folder as a file location. */
export const inFolder =
  (uploadsDir: string): FileLocation =>
  (rel) =>
    join(uploadsDir, ...rel.split("/"));
