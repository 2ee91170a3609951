import { describe, expect, it } from "vitest";
import { syncQueries } from "./sync-queries";

describe("syncQueries", () => {
  it("finds SQLite's synchronous terminals at the end of a query chain", () => {
    const source = [
      "const a = db.select().from(users).where(eq(users.id, id)).get();",
      "const b = tx",
      "  .select()",
      "  .from(tasks)",
      "  .all();",
      "db.update(users).set({ coins: 1 }).run();",
      "const c = db.query.users.findFirst().sync();",
      "const d = db.select().from(users).prepare();",
      "const e = db.select({ id: users.id }).from(users).values();",
    ].join("\n");
    expect(syncQueries(source).map((q) => q.line)).toEqual([1, 5, 6, 7, 8, 9]);
  });

  it("leaves maps, promises, headers, comments and strings alone", () => {
    const source = [
      'const v = map.get("x") ?? request.headers.get("content-length");',
      "await Promise.all(list);",
      "for (const x of map.values()) use(x);",
      "// an old note: db.select().get()",
      'const text = "call q.run() later";',
      "const first = await first(db.select().from(users));",
      "await handle.sync();",
      "// SQLite file: a probe of the file itself",
      'const v = sqlite.query("PRAGMA user_version").get();',
    ].join("\n");
    expect(syncQueries(source)).toEqual([]);
  });
});
