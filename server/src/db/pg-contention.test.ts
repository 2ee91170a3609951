import { afterAll, beforeAll, expect, it } from "vitest";
import { describePg, usePgCluster } from "../../test/pg/suite";
import { engineOf } from "./engine";
import { openPostgres, type PostgresHandle } from "./postgres";

// Many transactions of one node writing one hot row at once (as every task written bumps
// list_versions): SERIALIZABLE fails all but one each time they meet; they must all land, once.
describePg("transactions that collide on PostgreSQL", { timeout: 120_000 }, () => {
  const cluster = usePgCluster();
  let handle: PostgresHandle;
  beforeAll(async () => {
    handle = await openPostgres({ url: await cluster().createDatabase(), poolMax: 10 });
    await handle.engine.raw.run("CREATE TABLE hot (id int PRIMARY KEY, n int NOT NULL)");
    await handle.engine.raw.run("CREATE TABLE hot_log (id serial PRIMARY KEY, k int NOT NULL)");
    await handle.engine.raw.run("INSERT INTO hot VALUES (1, 0)");
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("all commit, each once, when 40 write the same row together", async () => {
    let runs = 0;
    await Promise.all(
      Array.from({ length: 40 }, (_, k) =>
        handle.db.transaction(async (tx) => {
          runs++;
          const raw = engineOf(tx).raw;
          await raw.run("UPDATE hot SET n = n + 1 WHERE id = 1");
          // Holds the row a little, as a request's later statements do.
          await raw.get("SELECT pg_sleep(0.005)");
          await raw.run("INSERT INTO hot_log (k) VALUES (?1)", [k]);
        }),
      ),
    );
    const n = await handle.engine.raw.get<{ n: number }>("SELECT n FROM hot WHERE id = 1");
    const logged = await handle.engine.raw.get<{ c: number }>("SELECT count(DISTINCT k) AS c, count(*) AS t FROM hot_log");
    expect([Number(n?.n), Number(logged?.c)]).toEqual([40, 40]);
    // They did collide (so this measured the turns, not a quiet run).
    expect(runs).toBeGreaterThan(40);
  });
});
