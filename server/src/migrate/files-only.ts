// `planify-server migrate --files s3` without --to: the school stays on its SQLite file, its
// uploaded files are copied from the data folder into the bucket of S3_BUCKET (streamed, each
// SHA-256 read back from the bucket). Nothing changes in the data folder; a server started
// afterwards with S3_BUCKET reads the files from the bucket.
import { existsSync } from "node:fs";
import { dataPaths } from "../bootstrap";
import { inspectDatabase } from "../backup/manifest";
import { referencedInSnapshot, sqliteTablesInUse } from "../backup/referenced";
import { lockStoppedFolder } from "../backup/restore";
import type { S3Settings, Storage } from "../lib/storage";
import { openStorage } from "../lib/storage/open";
import { checkFiles, copyInto, type FilesChecked, inFolder, inStorage } from "./files";

const NO_BUCKET =
  "--files s3 : aucun compartiment n'est configuré. Donnez S3_BUCKET, S3_ENDPOINT (ou S3_REGION pour Amazon S3), " +
  "S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY du compartiment de destination.";

/** The bucket files move to: refused in French when S3_BUCKET is not set or the bucket does not answer. */
export async function openBucket(s3: S3Settings | null, uploadsDir: string): Promise<Storage> {
  if (!s3) throw new Error(NO_BUCKET);
  return await openStorage(s3, uploadsDir, "");
}

/**
 * Copies into `bucket` every file the rows point to, each read back and compared; on a failure
 * the objects copied so far are deleted again (the bucket is left as it was) and the error thrown.
 */
export async function copyFilesTo(bucket: Storage, uploadsDir: string, files: readonly string[]): Promise<FilesChecked> {
  const copied: string[] = [];
  const copy = copyInto(uploadsDir, bucket);
  try {
    return await checkFiles(files, inFolder(uploadsDir), inStorage(bucket), async (rel) => {
      copied.push(rel);
      await copy(rel);
    });
  } catch (error) {
    // Taking back what this run wrote; a delete that fails too must not hide why the copy failed.
    await bucket.remove(copied).catch(() => undefined);
    throw error;
  }
}

export interface FilesOnlyOptions {
  dataDir: string;
  s3?: S3Settings | null;
  version: string;
}

/** Moves only the files of a school that stays on SQLite; throws « Migration des fichiers impossible : … ». */
export async function migrateFilesOnly(o: FilesOnlyOptions): Promise<FilesChecked & { ms: number }> {
  const started = performance.now();
  const paths = dataPaths(o.dataDir);
  try {
    if (!sqliteTablesInUse())
      throw new Error(
        "sans --to, seuls les fichiers d'une école sur SQLite sont copiés : retirez DATABASE_URL, ou donnez --to pour déplacer aussi la base.",
      );
    if (!existsSync(paths.db)) throw new Error(`aucune école dans ce dossier : ${paths.db} n'existe pas (vérifiez --data-dir).`);
  } catch (error) {
    throw new Error(`Migration des fichiers impossible : ${(error as Error).message} Rien n'a été copié.`);
  }
  const lock = lockStoppedFolder(o.dataDir, "migrer");
  try {
    inspectDatabase(paths.db, "Base SQLite du dossier", o.version);
    const bucket = await openBucket(o.s3 ?? null, paths.uploads);
    const files = await copyFilesTo(bucket, paths.uploads, await referencedInSnapshot(paths.db, paths.uploads));
    return { ...files, ms: performance.now() - started };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/ Rien n'a été modifié\.$/, "");
    throw new Error(
      `Migration des fichiers impossible : ${message.charAt(0).toLowerCase()}${message.slice(1)} ` +
        "Le compartiment est resté comme avant et le dossier des données n'a pas été modifié.",
    );
  } finally {
    lock.release();
  }
}
