import type { Database } from "bun:sqlite";
import { eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { writeStamp } from "../../lib/write-stamp";

type UserRow = typeof users.$inferSelect;

/**
 * Users as last read, for the session check on every request and for getUser.
 *
 * Each entry carries the database's write stamp at the time it was read: the number of rows
 * this connection has changed (total_changes) and the data version moved by other processes
 * (the reset-password command). Any write since then, whoever made it and whatever column it
 * touched (role, password, token version, deletion, but also coins or the equipped item),
 * moves the stamp, and the next look-up reads the row again. So the rules of sessions hold
 * as before (a deleted or demoted user loses access on the next call) without a list of
 * write sites to keep in step, and a school that only reads pays two cheap statements.
 * Rows read inside a transaction are not kept: that transaction may still roll back.
 */
interface Cached {
  row: UserRow | null;
  stamp: string;
}

const MAX_ENTRIES = 20_000;

interface UserCache {
  entries: Map<string, Cached>;
  byId: ReturnType<typeof prepareById>;
}

const prepareById = (db: Db) => db.select().from(users).where(eq(users.id, sql.placeholder("id"))).prepare();
const caches = new WeakMap<Database, UserCache>();

function cacheOf(deps: Pick<AppDeps, "db" | "sqlite">): UserCache {
  let cache = caches.get(deps.sqlite);
  if (!cache) {
    cache = { entries: new Map(), byId: prepareById(deps.db) };
    caches.set(deps.sqlite, cache);
  }
  return cache;
}

/** The user row with this id (null when there is none), fresh as of the last write. */
export function cachedUser(deps: Pick<AppDeps, "db" | "sqlite">, id: string): UserRow | null {
  const cache = cacheOf(deps);
  const stamp = writeStamp(deps.sqlite);
  const hit = cache.entries.get(id);
  if (hit && hit.stamp === stamp) return hit.row;
  const row = cache.byId.get({ id }) ?? null;
  if (deps.sqlite.inTransaction) return row;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  cache.entries.set(id, { row, stamp });
  return row;
}
