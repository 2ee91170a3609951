import type { Database } from "bun:sqlite";
import { MIGRATIONS } from "./embedded-migrations";

const STATEMENT_BREAK = "--> statement-breakpoint";

/** The table where applied migration tags are recorded. */
export const MIGRATIONS_TABLE = "__planify_migrations";

type Migration = { tag: string; sql: string };

/** A database written by a newer binary: this one must not touch it. */
export class NewerDatabaseError extends Error {}

/** Tags recorded in the database that this binary does not know (written by a newer version). */
export function unknownMigrations(applied: Iterable<string>, known: readonly Migration[] = MIGRATIONS): string[] {
  const tags = new Set(known.map((m) => m.tag));
  return [...applied].filter((tag) => !tags.has(tag)).sort();
}

/** Tags recorded in the database, or [] for a new database. */
export function appliedMigrations(sqlite: Database): string[] {
  const table = sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE);
  if (!table) return [];
  return sqlite
    .query<{ tag: string }, []>(`SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY tag`)
    .all()
    .map((r) => r.tag);
}

/** Migrations of this binary that the database has not had yet. */
export function pendingMigrations(applied: readonly string[], known: readonly Migration[] = MIGRATIONS): string[] {
  const done = new Set(applied);
  return known.filter((m) => !done.has(m.tag)).map((m) => m.tag);
}

/** Throws (in French) when the database holds a migration this binary does not know. */
export function assertNotNewer(applied: readonly string[], version: string, known: readonly Migration[] = MIGRATIONS): void {
  const unknown = unknownMigrations(applied, known);
  if (unknown.length === 0) return;
  throw new NewerDatabaseError(
    `Cette base a été écrite par une version plus récente de Planify (migration ${unknown.join(", ")} inconnue de la version ${version}). ` +
      "Installez la version à jour de planify-server, ou restaurez une sauvegarde faite avec cette version. Rien n'a été modifié.",
  );
}

/**
 * Applies the drizzle-kit migrations embedded in the build, each in its own transaction,
 * recording applied tags so that a second start on the same folder changes nothing.
 * Refuses a database that a newer binary has migrated: running old code on it could
 * corrupt data the newer schema relies on.
 */
export function applyMigrations(sqlite: Database, version = "actuelle", known: readonly Migration[] = MIGRATIONS): string[] {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (tag TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
  const applied = appliedMigrations(sqlite);
  assertNotNewer(applied, version, known);
  const done: string[] = [];
  const pending = pendingMigrations(applied, known);
  if (pending.length === 0) return done;
  // drizzle-kit rebuilds a table to change it (create new, copy, drop old, rename). Its own
  // "PRAGMA foreign_keys=OFF" is a no-op inside a transaction, and dropping a parent table
  // with foreign keys on would cascade-delete every child row: keys are switched off around
  // the migrations and checked before each commit instead (SQLite's documented recipe).
  const keysWereOn = sqlite.query<{ foreign_keys: number }, []>("PRAGMA foreign_keys").get()?.foreign_keys === 1;
  sqlite.exec("PRAGMA foreign_keys = OFF");
  try {
    for (const tag of pending) {
      const migration = known.find((m) => m.tag === tag)!;
      sqlite.transaction(() => {
        for (const statement of migration.sql.split(STATEMENT_BREAK)) {
          if (statement.trim()) sqlite.exec(statement);
        }
        const broken = sqlite.query("PRAGMA foreign_key_check").all();
        if (broken.length) throw new Error(`Migration ${migration.tag}: ${broken.length} foreign key violation(s)`);
        sqlite.query(`INSERT INTO ${MIGRATIONS_TABLE} (tag, applied_at) VALUES (?, ?)`).run(migration.tag, new Date().toISOString());
      })();
      done.push(migration.tag);
    }
  } finally {
    if (keysWereOn) sqlite.exec("PRAGMA foreign_keys = ON");
  }
  return done;
}
