import type { Database } from "bun:sqlite";
import { MIGRATIONS } from "./embedded-migrations";

const STATEMENT_BREAK = "--> statement-breakpoint";

/**
 * Applies the drizzle-kit migrations embedded in the build, each in its own transaction,
 * recording applied tags so that a second start on the same folder changes nothing.
 */
export function applyMigrations(sqlite: Database): string[] {
  sqlite.exec(
    "CREATE TABLE IF NOT EXISTS __planify_migrations (tag TEXT PRIMARY KEY, applied_at TEXT NOT NULL)",
  );
  const applied = new Set(
    sqlite.query<{ tag: string }, []>("SELECT tag FROM __planify_migrations").all().map((r) => r.tag),
  );
  const done: string[] = [];
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.tag)) continue;
    sqlite.transaction(() => {
      for (const statement of migration.sql.split(STATEMENT_BREAK)) {
        if (statement.trim()) sqlite.exec(statement);
      }
      sqlite
        .query("INSERT INTO __planify_migrations (tag, applied_at) VALUES (?, ?)")
        .run(migration.tag, new Date().toISOString());
    })();
    done.push(migration.tag);
  }
  return done;
}
