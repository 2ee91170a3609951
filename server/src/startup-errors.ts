import { accessSync, constants, mkdirSync, readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname } from "node:path";
import { dataPaths } from "./bootstrap";
import { reason } from "./backup/create";
import { lockDataDir, type DataLock } from "./data-lock";

// Start-up failures an operator meets, told in French with the way out. Anything else keeps
// its own message.

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? "";

/** The account the server runs as: "nobody (uid 65534)". Bun's userInfo() reads $USER, which a sudo or setpriv may leave stale, so the uid decides. */
export function runningUser(): string {
  const uid = process.getuid?.();
  if (uid === undefined) return userInfo().username;
  let name: string | undefined;
  try {
    name = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .map((line) => line.split(":"))
      .find((f) => f[2] === String(uid))?.[0];
  } catch {
    // No passwd file (a bare container): the uid alone says it.
  }
  return name ? `${name} (uid ${uid})` : `uid ${uid}`;
}

const CANNOT_WRITE = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "EEXIST", "SQLITE_CANTOPEN", "SQLITE_READONLY"]);

/** The French refusal for a data folder the server cannot write into, or null for another error. */
export function unwritableDataDir(dataDir: string, error: unknown): Error | null {
  const code = codeOf(error);
  if (!CANNOT_WRITE.has(code)) return null;
  const user = runningUser();
  const why = code.startsWith("SQLITE_") ? `accès refusé (${code})` : reason(error);
  const wayOut =
    code === "ENOTDIR" || code === "EEXIST"
      ? "Choisissez un autre emplacement avec --data-dir (ou PLANIFY_DATA_DIR)."
      : `Donnez-lui ce dossier (par exemple chown -R ${user.split(" ")[0]} ${dataDir}) ou le droit d'y écrire (chmod), ou choisissez-en un autre avec --data-dir (ou PLANIFY_DATA_DIR).`;
  return new Error(
    `Le serveur, qui tourne sous l'utilisateur ${user}, ne peut pas écrire dans le dossier de données ${dataDir} : ${why}. ${wayOut}`,
  );
}

/**
 * Makes the data folder and its uploads folder, checks that this user may write there, then
 * takes the folder's lock (refused if another server holds it).
 */
export function prepareDataDir(dataDir: string): DataLock {
  const paths = dataPaths(dataDir);
  try {
    for (const dir of [dataDir, paths.uploads]) {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK | constants.X_OK);
    }
    return lockDataDir(dataDir);
  } catch (error) {
    throw unwritableDataDir(dataDir, error) ?? error;
  }
}

/** The French refusal for a database file SQLite cannot read, or null for another error. */
export function corruptDatabase(dbFile: string, error: unknown): Error | null {
  const code = codeOf(error);
  if (code !== "SQLITE_NOTADB" && code !== "SQLITE_CORRUPT") return null;
  return new Error(
    `La base de données ${dbFile} est endommagée (${code === "SQLITE_NOTADB" ? "ce n'est pas une base SQLite lisible" : "SQLite y a trouvé des pages abîmées"}) : le serveur ne démarre pas pour ne rien aggraver. ` +
      "Remettez la dernière sauvegarde, serveur arrêté : planify-server restore ARCHIVE (avec le même --data-dir). " +
      "La restauration garde la base actuelle de côté dans avant-restauration-DATE/ : rien n'est effacé.",
  );
}

/** The French refusal for a database file this user may not write (owned by another user, or read-only), or null for another error. */
export function unwritableDatabase(dbFile: string, error: unknown): Error | null {
  const code = codeOf(error);
  if (!code.startsWith("SQLITE_READONLY") && code !== "SQLITE_CANTOPEN") return null;
  const user = runningUser();
  const dataDir = dirname(dbFile);
  return new Error(
    `Le serveur, qui tourne sous l'utilisateur ${user}, ne peut pas écrire dans la base de données ${dbFile} : accès refusé (${code}). ` +
      `Donnez-lui le dossier de données et sa base (par exemple chown -R ${user.split(" ")[0]} ${dataDir}) ou le droit d'écrire dans la base (chmod u+w ${dbFile}), ` +
      "ou choisissez un autre dossier avec --data-dir (ou PLANIFY_DATA_DIR).",
  );
}

/** The French refusal when the port cannot be taken. */
export function cannotListen(host: string, port: number, error: unknown): Error {
  const code = codeOf(error);
  const why =
    code === "EADDRINUSE"
      ? `le port ${port} est déjà utilisé (par un autre serveur Planify ou un autre programme)`
      : code === "EACCES"
        ? `le port ${port} est réservé (sous 1024, il faut des droits particuliers)`
        : `${reason(error)}`;
  return new Error(`Impossible d'écouter sur ${host}:${port} : ${why}. Choisissez un autre port avec --port ou la variable PORT.`);
}

/** The address without its password, as it may be shown in a message or a log. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    // Not a URL at all: show nothing of it (it may hold a password).
    return "(adresse illisible)";
  }
}

/**
 * The bucket of S3_BUCKET could not be reached or refused us (never the secret key); `outcome`
 * says what does not happen: the server's start, or a backup, restore or migration.
 */
export function unreachableBucket(
  settings: { bucket: string; endpoint?: string; region?: string },
  error: unknown,
  outcome = "Le serveur ne démarre pas.",
): Error {
  const code = codeOf(error);
  const why =
    code === "NoSuchBucket"
      ? "ce compartiment n'existe pas (créez-le d'abord sur le service de stockage)"
      : code === "InvalidAccessKeyId" || code === "SignatureDoesNotMatch" || code === "AccessDenied"
        ? "identifiants refusés (S3_ACCESS_KEY_ID ou S3_SECRET_ACCESS_KEY)"
        : reason(error);
  const where = settings.endpoint ?? `Amazon S3, région ${settings.region}`;
  return new Error(
    `Le stockage objet est injoignable (compartiment « ${settings.bucket} » sur ${where}) : ${why}.${outcome ? ` ${outcome}` : ""} ` +
      "Vérifiez S3_BUCKET, S3_ENDPOINT, S3_REGION et les identifiants, et que le service répond depuis cette machine (ou retirez S3_BUCKET pour garder les fichiers sur le disque).",
  );
}

/** Why PostgreSQL refused a connection, in French where the reason is a usual one. */
export function postgresReason(error: unknown): string {
  const e = error as { message?: string; errno?: string } | null;
  const state = e?.errno;
  return state === "28P01" || state === "28000"
    ? "identifiants refusés (utilisateur ou mot de passe de DATABASE_URL)"
    : state === "3D000"
      ? "cette base n'existe pas (créez-la : createdb, ou CREATE DATABASE)"
      : (e?.message ?? String(error));
}

/** PostgreSQL could not be reached or refused us at start: what failed, and where to look. */
export function unreachablePostgres(url: string, error: unknown): Error {
  const why = postgresReason(error);
  return new Error(
    `La base PostgreSQL ${redactedUrl(url)} est injoignable : ${why}. Le serveur ne démarre pas. ` +
      "Vérifiez DATABASE_URL (ou --database-url) et que PostgreSQL est démarré et accepte les connexions de cette machine.",
  );
}
