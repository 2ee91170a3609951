import type { SQL } from "bun";
import { MIGRATIONS as PG_MIGRATIONS } from "./embedded-migrations-pg";
import { MIGRATIONS_TABLE, assertNotNewer, pendingMigrations } from "./migrate";

const STATEMENT_BREAK = "--> statement-breakpoint";

/**
 * Key of the transaction-scoped advisory lock every migration step takes: two servers started at
 * once on the same database migrate one after the other, and the second finds nothing to do.
 */
const MIGRATION_LOCK = 7_391_027_027;

type Migration = { tag: string; sql: string };

/** Tags recorded in the database, or [] for a new database. */
export async function appliedPgMigrations(sql: SQL): Promise<string[]> {
  const [found] = await sql`SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS present`;
  if (!found?.present) return [];
  const rows: { tag: string }[] = await sql.unsafe(`SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY tag`);
  return rows.map((r) => r.tag);
}

/**
 * The PostgreSQL twin of applyMigrations (migrate.ts): applies the drizzle-kit migrations of
 * server/drizzle-pg embedded in the build, each in its own transaction with its record in
 * `__planify_migrations`, so a second start changes nothing. Refuses, with the same French
 * message as SQLite, a database a newer binary has migrated. Returns the tags applied.
 */
export async function applyPgMigrations(sql: SQL, version = "actuelle", known: readonly Migration[] = PG_MIGRATIONS): Promise<string[]> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx.unsafe(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (tag text PRIMARY KEY, applied_at text NOT NULL)`);
  });
  assertNotNewer(await appliedPgMigrations(sql), version, known);
  const done: string[] = [];
  for (const tag of pendingMigrations(await appliedPgMigrations(sql), known)) {
    const migration = known.find((m) => m.tag === tag)!;
    const applied = await sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
      // Another server may have applied it while this one waited for the lock.
      const [already] = await tx.unsafe(`SELECT 1 FROM ${MIGRATIONS_TABLE} WHERE tag = $1`, [tag]);
      if (already) return false;
      for (const statement of migration.sql.split(STATEMENT_BREAK)) {
        if (statement.trim()) await tx.unsafe(statement).simple();
      }
      await tx.unsafe(`INSERT INTO ${MIGRATIONS_TABLE} (tag, applied_at) VALUES ($1, $2)`, [tag, new Date().toISOString()]);
      return true;
    });
    if (applied) done.push(tag);
  }
  return done;
}
