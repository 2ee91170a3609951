import type { Database } from "bun:sqlite";

/** What a change touches: every caller's task list, or one user's own states. */
export type ListScope = "tasks" | `user:${string}`;

/**
 * Moves a list's change counter forward. Call it inside the write's transaction: bun:sqlite
 * runs drizzle transactions on this same connection, so the bump commits or rolls back with
 * the write. `query` caches the compiled statement on the connection.
 */
export function bumpListVersion(sqlite: Database, scope: ListScope): void {
  sqlite
    .query("INSERT INTO list_versions (scope, version) VALUES (?1, 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1")
    .run(scope);
}

/** The counters of the task list (all tasks, and this user's own states), by primary key. */
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
