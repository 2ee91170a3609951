import { Database } from "bun:sqlite";
import { describe, expect, it } from "vitest";
import { untilNextWrite } from "./write-stamp";

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
