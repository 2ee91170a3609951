import { open } from "node:fs/promises";
import { existsSync } from "node:fs";
import { ARCHIVE, parseManifest, type Manifest } from "./manifest";
import { readTar, TarFormatError, type Written } from "./tar";

/** Where an entry's bytes go while the archive is read (restore), or null to only check them. */
export type EntrySink = (name: string) => Promise<{ write(chunk: Uint8Array): Promise<void> | void; close(): Promise<void> }>;

// Names the archive may hold; anything else (absolute paths, "..", links) is refused so
// that extraction can never write outside its folder.
// Hidden names are never written (the upload staging folder), so never read either.
const SAFE_SEGMENT = /^(?!\.)[^/\\\0]{1,255}$/;
function allowedName(name: string): boolean {
  if (name === ARCHIVE.db || name === ARCHIVE.secret || name === ARCHIVE.vapid || name === ARCHIVE.manifest) return true;
  const parts = name.split("/");
  return parts[0] === ARCHIVE.uploads && parts.length >= 2 && parts.slice(1).every((p) => SAFE_SEGMENT.test(p));
}

const notPlanify = (file: string, why: string) =>
  new Error(`Ce fichier n'est pas une sauvegarde Planify (${why}) : ${file}. Rien n'a été modifié.`);

/**
 * Reads a backup archive from end to end, checks every entry against the manifest (present,
 * same size, same SHA-256, nothing extra) and returns the manifest. With `sink`, each
 * entry's bytes are also handed over (restore writes them to a staging folder). Throws a
 * French message for a wrong file, a damaged archive or one from a newer version.
 */
export async function readArchive(file: string, version: string, sink?: EntrySink): Promise<Manifest> {
  if (!existsSync(file)) throw new Error(`Fichier introuvable : ${file}`);
  const head = new Uint8Array(16);
  const fh = await open(file, "r");
  await fh.read(head, 0, 16, 0).finally(() => fh.close());
  if (new TextDecoder().decode(head) === "SQLite format 3\0") {
    throw notPlanify(
      file,
      "c'est une base SQLite seule ; planify-server backup écrit une archive .tar qui contient aussi les fichiers et le secret",
    );
  }
  const seen = new Map<string, Written>();
  let manifestBytes: Uint8Array | null = null;
  const chunks: Uint8Array[] = [];
  let current: Awaited<ReturnType<EntrySink>> | null = null;
  try {
    await readTar(
      file,
      async (entry) => {
        if (entry.type !== "0" || !allowedName(entry.name)) throw notPlanify(file, `entrée inattendue « ${entry.name} »`);
        if (seen.has(entry.name)) throw new Error(`Archive corrompue : « ${entry.name} » y figure deux fois.`);
        if (entry.name === ARCHIVE.manifest) {
          if (entry.size > 64 * 1024 * 1024) throw new Error("Archive corrompue : manifest.json démesuré.");
          chunks.length = 0;
          return (chunk) => void chunks.push(chunk.slice());
        }
        current = sink ? await sink(entry.name) : null;
        return current ? (chunk) => current!.write(chunk) : null;
      },
      async (entry, written) => {
        seen.set(entry.name, written);
        if (entry.name === ARCHIVE.manifest) manifestBytes = Buffer.concat(chunks);
        await current?.close();
        current = null;
      },
    );
  } catch (error) {
    if (error instanceof TarFormatError) {
      throw seen.size === 0 && !error.truncated
        ? notPlanify(file, "ce n'est pas une archive tar")
        : new Error(`Archive corrompue (${error.message}) : ${file}. Rien n'a été modifié.`);
    }
    throw error;
  } finally {
    await (current as Awaited<ReturnType<EntrySink>> | null)?.close();
  }
  if (!manifestBytes) throw new Error(`Archive incomplète ou étrangère : manifest.json absent de ${file}. Rien n'a été modifié.`);
  const manifest = parseManifest(manifestBytes, version);
  const listed = new Set<string>();
  for (const f of manifest.files) {
    const got = seen.get(f.path);
    if (!got) throw new Error(`Archive corrompue : « ${f.path} » manque. Rien n'a été modifié.`);
    if (got.size !== f.size || got.sha256 !== f.sha256) {
      throw new Error(`Archive corrompue : « ${f.path} » ne correspond pas à sa somme de contrôle. Rien n'a été modifié.`);
    }
    listed.add(f.path);
  }
  for (const name of seen.keys()) {
    if (name !== ARCHIVE.manifest && !listed.has(name))
      throw new Error(`Archive corrompue : « ${name} » n'est pas dans le manifeste. Rien n'a été modifié.`);
  }
  if (!listed.has(ARCHIVE.db)) throw new Error(`Archive incomplète : la base (${ARCHIVE.db}) manque. Rien n'a été modifié.`);
  return manifest;
}

/** Reads an archive back without extracting it: every checksum must match its manifest. */
export function verifyArchive(file: string, version: string): Promise<Manifest> {
  return readArchive(file, version);
}
