import { Database } from "bun:sqlite";
import { MIGRATIONS } from "../db/embedded-migrations";
import { MIGRATIONS_TABLE, unknownMigrations } from "../db/migrate";

/** Names inside a backup archive. */
export const ARCHIVE = {
  db: "planify.db",
  secret: "jwt-secret",
  /** Web Push key pair: without it every device would have to enable reminders again. */
  vapid: "vapid-keys.json",
  uploads: "uploads",
  manifest: "manifest.json",
} as const;

export const MANIFEST_FORMAT = "planify-backup";
/** Bumped when an older binary could no longer read what a newer one writes. */
export const MANIFEST_FORMAT_VERSION = 1;

/** One file of the archive, as written. */
export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

/** What an archive holds, written last so it can list every checksum. */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  /** Migration tags recorded in the database, oldest first; `latest` is the schema it has. */
  schema: { migrations: string[]; latest: string | null };
  /** Rows per table at the moment of the snapshot. */
  counts: Record<string, number>;
  /** "archive": the signing secret is inside; "environment": it came from PLANIFY_JWT_SECRET. */
  jwtSecret: "archive" | "environment" | "absent";
  files: ManifestFile[];
  /** Uploaded files the database points to that were not on disk (deleted during the copy). */
  missing: string[];
}

/** Facts read from a database file: integrity, migrations, row counts. */
export interface DatabaseFacts {
  migrations: string[];
  counts: Record<string, number>;
}

/**
 * Checks a database file (integrity, Planify tables) and reads its migrations and counts;
 * with `version`, also refuses a schema newer than this binary (restore). Throws a French
 * message naming `label`.
 */
export function inspectDatabase(file: string, label: string, version?: string): DatabaseFacts {
  let db: Database;
  try {
    db = new Database(file, { readonly: true });
  } catch {
    throw new Error(`${label} : la base ne s'ouvre pas (fichier corrompu ?).`);
  }
  try {
    // The archive's own database file, read in place with bun:sqlite (the server's engine never opens it).
    let result: string | undefined;
    try {
      // SQLite file: an integrity check of the file itself.
      result = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()?.integrity_check;
    } catch {
      throw new Error(`${label} : ce n'est pas une base SQLite valide.`);
    }
    if (result !== "ok") throw new Error(`${label} : la base est corrompue (contrôle d'intégrité : ${result}).`);
    if (!db.query("SELECT name FROM sqlite_master WHERE name = ?").get(MIGRATIONS_TABLE)) {
      throw new Error(`${label} : ce n'est pas une base Planify.`);
    }
    const tagQuery = db.query<{ tag: string }, []>(`SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY tag`);
    // SQLite file: the archive's migrations.
    const migrations = tagQuery.all().map((r) => r.tag);
    const unknown = unknownMigrations(migrations, MIGRATIONS);
    if (version && unknown.length > 0) {
      throw new Error(
        `${label} : elle vient d'une version plus récente de Planify (migration ${unknown.join(", ")} inconnue de la version ${version}). Installez une version à jour de planify-server avant de restaurer.`,
      );
    }
    const tableQuery = db.query<{ name: string }, []>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    // SQLite file: the archive's tables.
    const tables = tableQuery.all().map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const t of tables) {
      const countQuery = db.query<{ n: number }, []>(`SELECT COUNT(*) AS n FROM "${t}"`);
      // SQLite file: the rows of each table of the archive.
      counts[t] = countQuery.get()!.n;
    }
    return { migrations, counts };
  } finally {
    db.close();
  }
}

/** Parses manifest.json; throws a French message when it is not a Planify manifest this binary can read. */
export function parseManifest(bytes: Uint8Array, version: string): Manifest {
  let data: Partial<Manifest>;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Manifest>;
  } catch {
    throw new Error("Archive corrompue : manifest.json illisible. Rien n'a été modifié.");
  }
  if (data?.format !== MANIFEST_FORMAT || !Array.isArray(data.files)) {
    throw new Error("Ce fichier n'est pas une sauvegarde Planify (manifest.json inattendu). Rien n'a été modifié.");
  }
  if (typeof data.formatVersion !== "number" || data.formatVersion > MANIFEST_FORMAT_VERSION) {
    throw new Error(
      `Cette sauvegarde vient d'une version plus récente de Planify (${data.appVersion ?? "inconnue"}) : installez une version à jour de planify-server (ici ${version}) avant de restaurer.`,
    );
  }
  return data as Manifest;
}

/** A short French summary of the main counts ("12 comptes, 40 tâches, 85 fichiers"). */
export function countsSummary(counts: Record<string, number>): string {
  const n = (t: string, one: string, many: string) => `${counts[t] ?? 0} ${(counts[t] ?? 0) > 1 ? many : one}`;
  return `${n("users", "compte", "comptes")}, ${n("tasks", "tâche", "tâches")}, ${n("task_files", "fichier déposé", "fichiers déposés")}`;
}
