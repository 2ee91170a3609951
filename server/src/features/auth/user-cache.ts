import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { cachedRowById } from "../../lib/cache";

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

/** The user row with this id (null when there is none), fresh as of the last write. */
export const cachedUser = (deps: Pick<AppDeps, "db" | "engine">, id: string): Promise<UserRow | null> | UserRow | null =>
  cachedRowById(deps, "users", users, id, MAX_ENTRIES);
