// `planify-server migrate --to postgres://…`: the school of a data folder (its SQLite file)
// moved into an empty PostgreSQL database in one transaction, counts and files checked, nothing
// changed at the source (the file is opened read-only; an older schema is brought up to date on
// a copy in the temporary folder). With --files s3 the files are also copied to the bucket.
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SQL } from "bun";
import { dataPaths } from "../bootstrap";
import { copyTables, countRows, type CopySide } from "../db/copy/copy";
import { connectPostgres, inPostgres, readSqliteFile } from "../db/copy/ends";
import { COPY_ORDER } from "../db/copy/tables";
import { MIGRATIONS as PG_MIGRATIONS } from "../db/embedded-migrations-pg";
import { applyMigrations, assertNotNewer, pendingMigrations } from "../db/migrate";
import { appliedPgMigrations, applyPgMigrations } from "../db/migrate-pg";
import { inspectDatabase } from "../backup/manifest";
import { referencedUploads, sqliteTablesInUse } from "../backup/referenced";
import { lockStoppedFolder } from "../backup/restore";
import { postgresReason, redactedUrl } from "../startup-errors";
import type { S3Settings } from "../lib/storage";
import { checkFiles, type FilesChecked, inFolder } from "./files";
import { copyFilesTo, migrateFilesOnly, openBucket } from "./files-only";

/** Where the uploaded files go: they stay in the data folder ("disque"), or are copied to the bucket of S3_BUCKET ("s3"). */
export type FilesTarget = "disque" | "s3";

export interface MigrateOptions {
  dataDir: string;
  /** The PostgreSQL address (postgres://…). */
  to: string;
  files: FilesTarget;
  /** The bucket of S3_BUCKET (with --files s3). */
  s3?: S3Settings | null;
  version: string;
}

export interface MigrateResult {
  counts: Record<string, number>;
  tables: number;
  rows: number;
  files: FilesChecked;
  ms: number;
}

const usersTable = COPY_ORDER.find((t) => t.name === "users")!;

const holdsSchool = (url: string, users: number) =>
  new Error(
    `la base PostgreSQL ${redactedUrl(url)} contient déjà une école (${users} compte${users > 1 ? "s" : ""}). ` +
      "La migration n'écrit que dans une base vide : créez-en une (createdb) ou videz celle-ci.",
  );

/** The target, before anything is written to it: reachable, not newer than this binary, holding no school. */
async function checkTarget(client: SQL, url: string, version: string): Promise<void> {
  try {
    await client`SELECT 1`;
  } catch (error) {
    throw new Error(`la base PostgreSQL ${redactedUrl(url)} est injoignable : ${postgresReason(error)}`);
  }
  assertNotNewer(await appliedPgMigrations(client), version, PG_MIGRATIONS);
  const [found] = await client`SELECT to_regclass('users') IS NOT NULL AS present`;
  if (!found?.present) return;
  const [row] = await client`SELECT COUNT(*)::int AS n FROM users`;
  if (Number(row?.n) > 0) throw holdsSchool(url, Number(row.n));
}

/** A copy of an older SQLite file, brought to this binary's schema, in a temporary folder (removed by the caller). */
function upgradedCopy(file: string, version: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "planify-migration-"));
  const copy = join(dir, "planify.db");
  const source = new Database(file, { readonly: true });
  try {
    source.exec(`VACUUM INTO '${copy.replaceAll("'", "''")}'`);
  } finally {
    source.close();
  }
  const db = new Database(copy);
  try {
    applyMigrations(db, version);
  } finally {
    db.close();
  }
  return { dir, file: copy };
}

/**
 * Moves the school of `dataDir` into the PostgreSQL database `to`: refuses a running server, a
 * damaged or newer SQLite file, a target newer than this binary or already holding a school;
 * then migrates the target's schema and, in one transaction, copies every table, checks the
 * counts and every referenced file (present, same SHA-256 read back; with `files: "s3"`, first
 * copied to the bucket and read back from there, which must answer before anything is written).
 * Any failure rolls the transaction back (and takes the copied objects back) and throws a French message.
 */
export async function migrateSchool(o: MigrateOptions): Promise<MigrateResult> {
  const started = performance.now();
  const paths = dataPaths(o.dataDir);
  if (!existsSync(paths.db))
    throw new Error(`Aucune école à migrer : ${paths.db} n'existe pas (vérifiez --data-dir). Rien n'a été modifié.`);
  const lock = lockStoppedFolder(o.dataDir, "migrer");
  let upgraded: { dir: string; file: string } | null = null;
  try {
    const facts = inspectDatabase(paths.db, "Base SQLite du dossier", o.version);
    if (pendingMigrations(facts.migrations).length > 0) upgraded = upgradedCopy(paths.db, o.version);
    const bucket = o.files === "s3" ? await openBucket(o.s3 ?? null, paths.uploads) : null;
    const client = connectPostgres(o.to);
    try {
      await checkTarget(client, o.to, o.version);
      await applyPgMigrations(client, o.version);
      const source = readSqliteFile(upgraded?.file ?? paths.db);
      try {
        return await inPostgres(client, "write", async (pg) => {
          // Checked again inside the transaction: the copy empties the target's tables first.
          const users = await countRows(pg, usersTable);
          if (users > 0) throw holdsSchool(o.to, users);
          const copied = await copyTables(source.side, pg);
          // The features' queries name the tables of the engine this process serves on.
          const rows: CopySide = sqliteTablesInUse() ? source.side : pg;
          const referenced = await referencedUploads(rows.db, paths.uploads);
          // Copied to the bucket and read back there before the transaction commits.
          const files = bucket
            ? await copyFilesTo(bucket, paths.uploads, referenced)
            : await checkFiles(referenced, inFolder(paths.uploads), inFolder(paths.uploads));
          return { counts: copied.counts, tables: COPY_ORDER.length, rows: copied.rows, files, ms: performance.now() - started };
        });
      } finally {
        source.close();
      }
    } finally {
      await client.close({ timeout: 5 });
    }
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/ Rien n'a été modifié\.$/, "");
    throw new Error(
      `Migration impossible : ${message.charAt(0).toLowerCase()}${message.slice(1)} ` +
        `Aucune donnée n'a été écrite dans PostgreSQL et la base SQLite ${paths.db} n'a pas été modifiée.`,
    );
  } finally {
    if (upgraded) rmSync(upgraded.dir, { recursive: true, force: true });
    lock.release();
  }
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

const BUCKET_READS =
  "Démarrez-le aussi avec les mêmes S3_BUCKET, S3_ENDPOINT, S3_REGION et identifiants : il lira les fichiers dans le compartiment. " +
  "Ceux du dossier des données n'ont pas été touchés : supprimez-les quand vous aurez vérifié l'école.";

/** `planify-server migrate --files s3` (no --to): copies the files and prints what was copied, in French. */
async function filesOnlyCommand(o: Omit<MigrateOptions, "to">): Promise<void> {
  const r = await migrateFilesOnly(o);
  const seconds = (r.ms / 1000).toFixed(1).replace(".", ",");
  console.log(
    `Fichiers copiés dans le compartiment S3 « ${o.s3!.bucket} » en ${seconds} s : ` +
      `${plural(r.count, "fichier vérifié", "fichiers vérifiés")} (${mb(r.bytes)}, SHA-256 relu dans le compartiment).`,
  );
  console.log(
    `L'école reste sur ${dataPaths(o.dataDir).db}, qui n'a pas été modifiée. ${BUCKET_READS.replace("Démarrez-le aussi", "Démarrez le serveur")}`,
  );
}

/** `planify-server migrate --to … [--files s3]`: moves the school and prints what was moved, in French. */
export async function migrateCommand(o: Omit<MigrateOptions, "to"> & { to?: string }): Promise<void> {
  if (!o.to) return await filesOnlyCommand(o);
  const r = await migrateSchool({ ...o, to: o.to });
  const paths = dataPaths(o.dataDir);
  const seconds = (r.ms / 1000).toFixed(1).replace(".", ",");
  console.log(`École migrée vers PostgreSQL ${redactedUrl(o.to)} en ${seconds} s :`);
  console.log(`  ${plural(r.tables, "table", "tables")}, ${plural(r.rows, "ligne copiée", "lignes copiées")} et recomptées`);
  console.log(
    `  (${plural(r.counts.users ?? 0, "compte", "comptes")}, ${plural(r.counts.tasks ?? 0, "tâche", "tâches")}, ` +
      `${plural(r.counts.coin_ledger ?? 0, "mouvement de pièces", "mouvements de pièces")}) ;`,
  );
  const where = o.files === "s3" && o.s3 ? `copiés dans le compartiment S3 « ${o.s3.bucket} »` : `restés dans ${paths.uploads}`;
  console.log(`  ${plural(r.files.count, "fichier vérifié", "fichiers vérifiés")} (${mb(r.files.bytes)}, SHA-256 relu), ${where}.`);
  console.log(`La base SQLite ${paths.db} n'a pas été modifiée.`);
  console.log(
    `Démarrez le serveur avec DATABASE_URL=${redactedUrl(o.to)} (mot de passe compris) et le même --data-dir : ` +
      (o.files === "s3"
        ? `le secret de signature et les clés des notifications y restent. ${BUCKET_READS}`
        : "les fichiers, le secret de signature et les clés des notifications y restent."),
  );
}
