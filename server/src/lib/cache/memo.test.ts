import { openDatabase } from "../../db/client";
import { describe, expect, it } from "vitest";
import { Memo, memoOf, untilNextWrite } from "./memo";

describe("untilNextWrite", () => {
  const setup = () => {
    const handle = openDatabase(":memory:");
    handle.sqlite.run("CREATE TABLE t (v INTEGER)");
    let computed = 0;
    const total = () =>
      untilNextWrite(handle.engine, "total", async () => {
        computed++;
        return (await handle.engine.raw.get<{ n: number }>("SELECT count(*) AS n FROM t"))!.n;
      });
    return { handle, total, computed: () => computed };
  };

  it("answers from memory between writes, and afresh after any write", async () => {
    const { handle, total, computed } = setup();
    expect([await total(), await total(), await total()]).toEqual([0, 0, 0]);
    expect(computed()).toBe(1);
    handle.sqlite.run("INSERT INTO t VALUES (1)");
    expect(await total()).toBe(1);
    expect(computed()).toBe(2);
    handle.sqlite.run("UPDATE t SET v = 2");
    await total();
    expect(computed()).toBe(3);
  });

  it("keeps nothing computed inside a transaction (it may roll back)", async () => {
    const { handle, total, computed } = setup();
    await expect(
      handle.db.transaction(async () => {
        await handle.engine.raw.run("INSERT INTO t VALUES (1)");
        expect(await total()).toBe(1);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await total()).toBe(0);
    expect(computed()).toBe(2);
  });

  it("does not keep a value while a write landed during its reading", async () => {
    const handle = openDatabase(":memory:");
    const memo = new Memo<string>({ max: 10, untilWriteTo: handle.engine });
    handle.sqlite.run("CREATE TABLE t (v INTEGER)");
    const read = memo.getAsync("k", async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return "lu avant l'écriture";
    });
    handle.sqlite.run("INSERT INTO t VALUES (1)");
    expect(await read).toBe("lu avant l'écriture");
    expect(memo.peek("k")).toBeUndefined();
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
    const handle = openDatabase(":memory:");
    handle.sqlite.run("CREATE TABLE t (v INTEGER)");
    const memo = new Memo<string>({ max: 10, untilWriteTo: handle.engine });
    memo.set("k", "avant", { from: 0, until: 10 });
    expect(memo.stale("k")).toBe("avant");
    handle.sqlite.run("INSERT INTO t VALUES (1)");
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
