// Which engine this process runs on, decided before any table is imported (db/schema/index.ts
// hands out the tables of that engine): PostgreSQL when DATABASE_URL is a postgres:// address,
// else the embedded SQLite. The command line's --database-url is copied into DATABASE_URL by
// main.ts, whose first import this module is, so both ways name the same engine.
import type { EngineKind } from "./engine";

const flag = process.argv.findIndex((arg) => arg === "--database-url" || arg.startsWith("--database-url="));
if (flag >= 0) {
  const arg = process.argv[flag]!;
  const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : process.argv[flag + 1];
  if (value) process.env.DATABASE_URL = value;
}

/** A PostgreSQL address (postgres:// or postgresql://). */
export const isPostgresUrl = (url: string | undefined): url is string => /^postgres(ql)?:\/\//i.test(url ?? "");

/** The engine of this process, from DATABASE_URL. */
export const chosenEngine = (): EngineKind => (isPostgresUrl(process.env.DATABASE_URL) ? "postgres" : "sqlite");
