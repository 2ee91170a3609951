import type { Database } from "bun:sqlite";

/**
 * The task list's change counters: 'tasks' (every caller's list) and 'user:<id>' (one caller's
 * states and personal tasks). Nothing in the server moves them: SQLite triggers do, on every
 * write to what a list shows (server/drizzle/0013_list-version-triggers.sql).
 */
export function readListVersions(sqlite: Database, userId: string): { tasks: number; user: number } {
  const rows = sqlite
    .query<{ scope: string; version: number }, [string]>("SELECT scope, version FROM list_versions WHERE scope IN ('tasks', ?1)")
    .all(`user:${userId}`);
  let tasks = 0;
  let user = 0;
  for (const r of rows) {
    if (r.scope === "tasks") tasks = r.version;
    else user = r.version;
  }
  return { tasks, user };
}
