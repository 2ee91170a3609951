import type { RawSql } from "../../db/engine";

/**
 * The task list's change counters: 'tasks' (every caller's list) and 'user:<id>' (one caller's
 * states and personal tasks). Nothing in the server moves them: SQLite triggers do, on every
 * write to what a list shows (server/drizzle/0013_list-version-triggers.sql).
 */
export async function readListVersions(raw: RawSql, userId: string): Promise<{ tasks: number; user: number }> {
  const rows = await raw.all<{ scope: string; version: number }>("SELECT scope, version FROM list_versions WHERE scope IN ('tasks', ?1)", [
    `user:${userId}`,
  ]);
  let tasks = 0;
  let user = 0;
  for (const r of rows) {
    if (r.scope === "tasks") tasks = Number(r.version);
    else user = Number(r.version);
  }
  return { tasks, user };
}
