import { eq, type InferSelectModel, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { type Engine, first } from "../../db/engine";
import { memoOf } from "./memo";

type Keyed = SQLiteTable & { id: SQLiteColumn };

/**
 * The row of `table` with this `id` (null when there is none), fresh as of the last write:
 * remembered under `name` until the database's write stamp moves (lib/cache/write-stamp.ts),
 * so any write, whoever made it, makes the next look-up read the row again. Read on every
 * request (the user and the session of features/auth), so on SQLite the look-up is compiled
 * once per database: drizzle builds such a query in about 0.2 ms, a compiled one runs in 0.01 ms.
 */
export function cachedRowById<T extends Keyed>(
  deps: { db: Db; engine: Engine },
  name: string,
  table: T,
  id: string,
  max: number,
): Promise<InferSelectModel<T> | null> {
  type Row = InferSelectModel<T>;
  return memoOf<Row | null>(deps.engine, name, { max, untilWriteTo: deps.engine }).getAsync(id, async () => {
    if (deps.engine.kind === "sqlite") {
      const byId = memoOf<{ get(placeholders: { id: string }): unknown }>(deps.engine, `${name}-compiled`, { max: 1 }).get("", () => {
        const query = deps.db
          .select()
          .from(table as SQLiteTable)
          .where(eq(table.id, sql.placeholder("id")));
        // SQLite only: drizzle's compiled statement, run through engine.serial (the transaction gate).
        return query.prepare();
      });
      return ((await deps.engine.serial(() => byId.get({ id }))) as Row | undefined) ?? null;
    }
    return (
      ((await first(
        deps.db
          .select()
          .from(table as SQLiteTable)
          .where(eq(table.id, id)),
      )) as Row | undefined) ?? null
    );
  });
}
