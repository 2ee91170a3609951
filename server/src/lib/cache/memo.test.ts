import { Database } from "bun:sqlite";
import { describe, expect, it } from "vitest";
import { Memo, memoOf, untilNextWrite } from "./memo";

describe("untilNextWrite", () => {
  const setup = () => {
    const sqlite = new Database(":memory:");
    sqlite.run("CREATE TABLE t (v INTEGER)");
    let computed = 0;
    const total = () =>
      untilNextWrite(sqlite, "total", () => {
        computed++;
        return sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM t").get()!.n;
      });
    return { sqlite, total, computed: () => computed };
  };

  it("answers from memory between writes, and afresh after any write", () => {
    const { sqlite, total, computed } = setup();
    expect([total(), total(), total()]).toEqual([0, 0, 0]);
    expect(computed()).toBe(1);
    sqlite.run("INSERT INTO t VALUES (1)");
    expect(total()).toBe(1);
    expect(computed()).toBe(2);
    sqlite.run("UPDATE t SET v = 2");
    total();
    expect(computed()).toBe(3);
  });

  it("keeps nothing computed inside a transaction (it may roll back)", () => {
    const { sqlite, total, computed } = setup();
    try {
      sqlite.transaction(() => {
        sqlite.run("INSERT INTO t VALUES (1)");
        expect(total()).toBe(1);
        throw new Error("rollback");
      })();
    } catch {
      // The thrown "rollback" is the point of the test: the transaction rolls back.
    }
    expect(total()).toBe(0);
    expect(computed()).toBe(2);
  });
});

describe("Memo", () => {
  it("holds a value between the instants it was given, and keeps the last one as a fallback", () => {
    const memo = new Memo<string>({ max: 10 });
    memo.set("cal", "v1", { from: 1000, until: 2000 });
    expect(memo.peek("cal", 999)).toBeUndefined();
    expect(memo.peek("cal", 1000)).toBe("v1");
    expect(memo.peek("cal", 2000)).toBeUndefined();
    expect(memo.stale("cal")).toBe("v1");
    let computed = 0;
    const lifetime = { now: 2500, until: () => 3000 };
    expect(memo.get("cal", () => `v${++computed + 1}`, lifetime)).toBe("v2");
    expect(memo.get("cal", () => `v${++computed + 1}`, { ...lifetime, now: 2999 })).toBe("v2");
    expect(computed).toBe(1);
  });

  it("drops the oldest entry past its bound, not the others", () => {
    const memo = new Memo<number>({ max: 2 });
    memo.set("a", 1);
    memo.set("b", 2);
    memo.set("c", 3);
    expect([memo.peek("a"), memo.peek("b"), memo.peek("c")]).toEqual([undefined, 2, 3]);
  });

  it("drops everything, fallbacks included, on the next write to its database", () => {
    const sqlite = new Database(":memory:");
    sqlite.run("CREATE TABLE t (v INTEGER)");
    const memo = new Memo<string>({ max: 10, untilWriteTo: sqlite });
    memo.set("k", "avant", { from: 0, until: 10 });
    expect(memo.stale("k")).toBe("avant");
    sqlite.run("INSERT INTO t VALUES (1)");
    expect(memo.stale("k")).toBeUndefined();
  });

  it("memoOf gives each owner its own memos, the same one on each call", () => {
    const [app1, app2] = [{}, {}];
    const first = memoOf<number>(app1, "x", { max: 1 });
    expect(memoOf<number>(app1, "x", { max: 1 })).toBe(first);
    expect(memoOf<number>(app2, "x", { max: 1 })).not.toBe(first);
    expect(memoOf<number>(app1, "y", { max: 1 })).not.toBe(first);
  });
});
