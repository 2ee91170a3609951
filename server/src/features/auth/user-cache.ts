import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { memoOf } from "../../lib/cache";
import { first } from "../../db/engine";

type UserRow = typeof users.$inferSelect;

/**
 * Users as last read, for the session check on every request and for getUser.
 *
 * Entries last until the database's write stamp moves (lib/cache/write-stamp.ts): any write,
 * whoever made it and whatever column it touched (role, password, token version, deletion,
 * but also coins or the equipped item, or the reset-password command), and the next look-up
 * reads the row again. So the rules of sessions hold as before (a deleted or demoted user
 * loses access on the next call) without a list of write sites to keep in step, and a
 * school that only reads pays a look at the stamp.
 * Rows read inside a transaction are not kept: that transaction may still roll back.
 */
const MAX_ENTRIES = 20_000;

/**
 * On SQLite the look-up is compiled once per database: drizzle builds a users query in about
 * 0.2 ms, a compiled one runs in 0.01 ms, and every request after a write reads the row again.
 */
const compiledById = (db: Db) => {
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")));
  // SQLite only: drizzle's compiled statement, run through engine.serial (the transaction gate).
  return byId.prepare();
};

/** The user row with this id (null when there is none), fresh as of the last write. */
export function cachedUser(deps: Pick<AppDeps, "db" | "engine">, id: string): Promise<UserRow | null> {
  return memoOf<UserRow | null>(deps.engine, "users", { max: MAX_ENTRIES, untilWriteTo: deps.engine }).getAsync(id, async () => {
    if (deps.engine.kind === "sqlite") {
      const byId = memoOf<ReturnType<typeof compiledById>>(deps.engine, "user-by-id", { max: 1 }).get("", () => compiledById(deps.db));
      return (await deps.engine.serial(() => byId.get({ id }))) ?? null;
    }
    return (await first(deps.db.select().from(users).where(eq(users.id, id)))) ?? null;
  });
}
