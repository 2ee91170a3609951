import { createBackup, fileCount } from "./create";
import { restoreBackup } from "./restore";
import { parisLabel } from "./schedule";
import { redactedUrl } from "../startup-errors";

/** `planify-server backup FILE`: writes the archive and says what is in it, in French. */
export async function backupCommand(o: {
  dataDir: string;
  file: string;
  version: string;
  secretFromEnv: boolean;
  databaseUrl: string | null;
}): Promise<void> {
  const { manifest } = await createBackup({
    dataDir: o.dataDir,
    target: o.file,
    version: o.version,
    secretFromEnv: o.secretFromEnv,
    databaseUrl: o.databaseUrl,
  });
  console.log(`Sauvegarde écrite : ${o.file} (${fileCount(manifest.files.length)}, schéma ${manifest.schema.latest})`);
  if (manifest.missing.length)
    console.log(`Attention : ${manifest.missing.length} fichier(s) supprimé(s) pendant la copie : ${manifest.missing.join(", ")}`);
  if (manifest.jwtSecret === "environment")
    console.log("Le secret de signature vient de PLANIFY_JWT_SECRET : il n'est pas dans l'archive, gardez-le à part.");
}

/** `planify-server restore FILE`: checks, then restores, and says where the previous data went. */
export async function restoreCommand(o: { dataDir: string; file: string; version: string; databaseUrl: string | null }): Promise<void> {
  const r = await restoreBackup(o.file, o.dataDir, o.version, new Date(), o.databaseUrl);
  const where = o.databaseUrl ? `la base PostgreSQL ${redactedUrl(o.databaseUrl)} (fichiers dans ${o.dataDir})` : o.dataDir;
  console.log(`Sauvegarde du ${parisLabel(Date.parse(r.manifest.createdAt))} restaurée dans ${where} : ${r.summary}.`);
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
