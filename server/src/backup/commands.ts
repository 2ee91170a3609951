import { createBackup, fileCount } from "./create";
import { restoreBackup } from "./restore";
import { parisLabel } from "./schedule";
import { redactedUrl } from "../startup-errors";
import { dataPaths } from "../bootstrap";
import type { S3Settings } from "../lib/storage";
import { openStorage } from "../lib/storage/open";

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** `planify-server backup FILE`: writes the archive and says what is in it, in French. */
export async function backupCommand(o: {
  dataDir: string;
  file: string;
  version: string;
  secretFromEnv: boolean;
  databaseUrl: string | null;
  /** The bucket of S3_BUCKET the files are read from, or null for the uploads folder. */
  s3: S3Settings | null;
}): Promise<void> {
  const storage = await openStorage(o.s3, dataPaths(o.dataDir).uploads, "Aucune sauvegarde n'a été écrite.");
  const { manifest } = await createBackup({
    dataDir: o.dataDir,
    target: o.file,
    version: o.version,
    secretFromEnv: o.secretFromEnv,
    databaseUrl: o.databaseUrl,
    storage,
  });
  console.log(`Sauvegarde écrite : ${o.file} (${fileCount(manifest.files.length)}, schéma ${manifest.schema.latest})`);
  if (manifest.missing.length)
    console.log(`Attention : ${manifest.missing.length} fichier(s) supprimé(s) pendant la copie : ${manifest.missing.join(", ")}`);
  if (manifest.jwtSecret === "environment")
    console.log("Le secret de signature vient de PLANIFY_JWT_SECRET : il n'est pas dans l'archive, gardez-le à part.");
}

/** `planify-server restore FILE`: checks, then restores, and says where the previous data went. */
export async function restoreCommand(o: {
  dataDir: string;
  file: string;
  version: string;
  databaseUrl: string | null;
  s3: S3Settings | null;
}): Promise<void> {
  const storage = await openStorage(o.s3, dataPaths(o.dataDir).uploads, "Rien n'a été modifié.");
  const r = await restoreBackup(o.file, o.dataDir, o.version, new Date(), o.databaseUrl, storage);
  const files = o.s3 ? `le compartiment S3 « ${o.s3.bucket} »` : o.dataDir;
  const where = o.databaseUrl
    ? `la base PostgreSQL ${redactedUrl(o.databaseUrl)} (fichiers dans ${files})`
    : o.s3
      ? `${o.dataDir} (fichiers dans ${files})`
      : o.dataDir;
  console.log(`Sauvegarde du ${parisLabel(Date.parse(r.manifest.createdAt))} restaurée dans ${where} : ${r.summary}.`);
  if (r.bucket)
    console.log(
      `${plural(r.bucket.written, "fichier écrit", "fichiers écrits")} dans le compartiment ; ` +
        `${plural(r.bucket.kept, "autre fichier du compartiment copié", "autres fichiers du compartiment copiés")} avec les anciennes données. ` +
        "Les fichiers du compartiment que l'école restaurée ne cite pas seront supprimés au prochain démarrage du serveur (nettoyage des orphelins).",
    );
  if (r.manifest.missing.length)
    console.log(
      `Attention : ${r.manifest.missing.length} fichier(s) manquaient déjà lors de la sauvegarde : ${r.manifest.missing.join(", ")}`,
    );
  if (r.keptDir) console.log(`Les anciennes données sont conservées dans ${r.keptDir}`);
  if (r.manifest.jwtSecret !== "archive") {
    console.log(
      "Cette archive ne contient pas le secret de signature : définissez le même PLANIFY_JWT_SECRET qu'avant, sinon chacun devra se reconnecter.",
    );
  }
}
