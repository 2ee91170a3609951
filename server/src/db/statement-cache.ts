import type { Database, Statement } from "bun:sqlite";

/** Distinct SQL texts kept compiled; past this the cache starts again (a list's IN (…) varies in length). */
const MAX_STATEMENTS = 2000;

/**
 * The connection as drizzle sees it, with `prepare` answered from a cache of compiled
 * statements keyed by their SQL text. drizzle compiles every query it runs (sqlite3_prepare),
 * and for most of ours that cost more than running it: the same handful of texts come back
 * on every request. A dropped statement is finalised by the garbage collector, never while
 * a query prepared with drizzle's `.prepare()` still holds it.
 */
export function withStatementCache(sqlite: Database): Database {
  const statements = new Map<string, Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statement = sqlite.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, key) {
      if (key === "prepare") return prepare;
      const value: unknown = Reflect.get(target, key, target);
      // bun:sqlite's methods read the connection's private state: call them on the real object.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
