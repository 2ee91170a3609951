import type { Database } from "bun:sqlite";
import { MIGRATIONS } from "./embedded-migrations";

const STATEMENT_BREAK = "--> statement-breakpoint";

/**
 * Applies the drizzle-kit migrations embedded in the build, each in its own transaction,
 * recording applied tags so that a second start on the same folder changes nothing.
 */
export function applyMigrations(sqlite: Database, migrations: readonly { tag: string; sql: string }[] = MIGRATIONS): string[] {
  sqlite.exec(
    "CREATE TABLE IF NOT EXISTS __planify_migrations (tag TEXT PRIMARY KEY, applied_at TEXT NOT NULL)",
  );
  const applied = new Set(
    sqlite.query<{ tag: string }, []>("SELECT tag FROM __planify_migrations").all().map((r) => r.tag),
  );
  const done: string[] = [];
  const pending = migrations.filter((m) => !applied.has(m.tag));
  if (pending.length === 0) return done;
  // drizzle-kit rebuilds a table to change it (create new, copy, drop old, rename). Its own
  // "PRAGMA foreign_keys=OFF" is a no-op inside a transaction, and dropping a parent table
  // with foreign keys on would cascade-delete every child row: keys are switched off around
  // the migrations and checked before each commit instead (SQLite's documented recipe).
  const keysWereOn = sqlite.query<{ foreign_keys: number }, []>("PRAGMA foreign_keys").get()?.foreign_keys === 1;
  sqlite.exec("PRAGMA foreign_keys = OFF");
  try {
    for (const migration of pending) {
      sqlite.transaction(() => {
        for (const statement of migration.sql.split(STATEMENT_BREAK)) {
          if (statement.trim()) sqlite.exec(statement);
        }
        const broken = sqlite.query("PRAGMA foreign_key_check").all();
        if (broken.length) throw new Error(`Migration ${migration.tag}: ${broken.length} foreign key violation(s)`);
        sqlite
          .query("INSERT INTO __planify_migrations (tag, applied_at) VALUES (?, ?)")
          .run(migration.tag, new Date().toISOString());
      })();
      done.push(migration.tag);
    }
  } finally {
    if (keysWereOn) sqlite.exec("PRAGMA foreign_keys = ON");
  }
  return done;
}
