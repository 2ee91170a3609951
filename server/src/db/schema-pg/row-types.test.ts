import { is } from "drizzle-orm";
import { PgTable, pgTable, text as pgText } from "drizzle-orm/pg-core";
import { SQLiteTable, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as sqlite from "../schema/sqlite";
import * as pg from "./index";

// The services are written once for both engines: a row read or written through the pg table
// must be the very type of the SQLite one. Checked by tsc (npm test's typecheck): a column whose
// type, nullability or default differs between the two makes this file fail to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RowsMatch<S, P> = S extends { $inferSelect: infer SS; $inferInsert: infer SI }
  ? P extends { $inferSelect: infer PS; $inferInsert: infer PI }
    ? Same<SS, PS> extends true
      ? Same<SI, PI>
      : false
    : false
  : false;
type Sqlite = typeof sqlite;
type Pg = typeof pg;
type SharedTables = { [K in keyof Sqlite & keyof Pg]: Sqlite[K] extends { $inferSelect: unknown } ? K : never }[keyof Sqlite & keyof Pg];
/** The tables whose rows differ between the engines: none. */
type Mismatched = { [K in SharedTables]: RowsMatch<Sqlite[K], Pg[K]> extends true ? never : K }[SharedTables];

describe("row types of the two schemas", () => {
  it("every table's select and insert rows are the same type on both engines", () => {
    expectTypeOf<Mismatched>().toEqualTypeOf<never>();
    // Ids and ms timestamps stay JS numbers (bigint in "number" mode).
    expectTypeOf<Pg["coinLedger"]["$inferSelect"]["id"]>().toEqualTypeOf<number>();
    expectTypeOf<Pg["tasks"]["$inferSelect"]["deadlineAt"]>().toEqualTypeOf<number>();
  });

  it("the comparison can fail: a column nullable on one side only is told apart", () => {
    const a = sqliteTable("probe", { note: text("note").notNull() });
    const b = pgTable("probe", { note: pgText("note") });
    expectTypeOf<RowsMatch<typeof a, typeof b>>().toEqualTypeOf<false>();
    expectTypeOf<RowsMatch<typeof a, typeof a>>().toEqualTypeOf<true>();
  });

  it("both modules export the same tables under the same names", () => {
    const tables = (m: Record<string, unknown>) =>
      Object.entries(m)
        .filter(([, v]) => is(v, SQLiteTable) || is(v, PgTable))
        .map(([k]) => k)
        .sort();
    expect(tables(pg)).toEqual(tables(sqlite));
    expect(tables(pg).length).toBeGreaterThan(40);
  });
});
