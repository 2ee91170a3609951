// Types of the database layer that every feature shares: a transaction, "the database or a
// transaction", a user row and a personal task row. They live here, not in a feature or in the ledger, so that a
// module needing only the type imports nothing else.
import type { Db } from "./client";
import type { personalTasks, users } from "./schema";

/**
 * A drizzle transaction, typed as SQLite's: `await db.transaction(async (tx) => …)` (db/client.ts
 * serialises them on SQLite; on PostgreSQL they are serializable and retried).
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or a transaction: every ledger call runs inside the caller's transaction. */
export type DbOrTx = Db | Tx;
/** One row of the users table, as drizzle reads it. */
export type UserRow = typeof users.$inferSelect;
/** One row of the personal_tasks table (a student's own task). */
export type PersonalTaskRow = typeof personalTasks.$inferSelect;
