import { afterAll, beforeAll, expect, it } from "vitest";
import { SQL } from "bun";
import { describePg, usePgCluster } from "../../test/pg/suite";
import { engineOf } from "./engine";
import { isConnectionLost } from "./errors";
import { CommitOutcomeUnknown } from "./pg-retry";
import { openPostgres, type PostgresHandle } from "./postgres";

// A PostgreSQL connection cut under the engine (pg_terminate_backend, as a failover or an
// operator does): what can be run again is, once; what might already have been applied is not.
describePg("a lost PostgreSQL connection", { timeout: 60_000 }, () => {
  const cluster = usePgCluster();
  let handle: PostgresHandle;
  let admin: SQL;
  let database = "";
  beforeAll(async () => {
    const url = await cluster().createDatabase();
    database = new URL(url).pathname.slice(1);
    handle = await openPostgres({ url, poolMax: 4 });
    admin = new SQL({ url: cluster().adminUrl, max: 1 });
    await handle.engine.raw.run("CREATE TABLE loss_probe (id serial PRIMARY KEY, note text NOT NULL)");
  });
  afterAll(async () => {
    await handle?.close();
    await admin?.close();
  });

  const rows = async (note: string) =>
    Number((await handle.engine.raw.get<{ n: number }>("SELECT count(*) AS n FROM loss_probe WHERE note = ?1", [note]))?.n);
  /** Cuts one backend and waits until it is gone. */
  const cut = async (pid: number) => {
    await admin`SELECT pg_terminate_backend(${pid}, 5000)`;
  };
  /** Cuts, once, the backend of this database running a statement that contains `marker`. */
  const cutWhenRunning = async (marker: string) => {
    for (let i = 0; i < 200; i++) {
      const [row] = await admin`SELECT pid FROM pg_stat_activity WHERE datname = ${database} AND state = 'active'
        AND query LIKE ${`%${marker}%`} AND pid <> pg_backend_pid()`;
      if (row) return cut((row as { pid: number }).pid);
      await Bun.sleep(10);
    }
    throw new Error(`no backend ran ${marker}`);
  };

  it("runs a transaction cut before its COMMIT again, and its write lands once", async () => {
    let runs = 0;
    const answer = await handle.db.transaction(async (tx) => {
      runs++;
      const raw = engineOf(tx).raw;
      await raw.run("INSERT INTO loss_probe (note) VALUES ('before-commit')");
      if (runs === 1) {
        await cut((await raw.get<{ pid: number }>("SELECT pg_backend_pid() AS pid"))!.pid);
        await raw.get("SELECT 1");
      }
      return runs;
    });
    expect(answer).toBe(2);
    expect(await rows("before-commit")).toBe(1);
  });

  it("runs again a transaction whose connection dies while its body awaits something else", async () => {
    let runs = 0;
    const answer = await handle.db.transaction(async (tx) => {
      runs++;
      const raw = engineOf(tx).raw;
      await raw.run("INSERT INTO loss_probe (note) VALUES ('idle-in-tx')");
      if (runs === 1) await cut((await raw.get<{ pid: number }>("SELECT pg_backend_pid() AS pid"))!.pid);
      return runs;
    });
    expect(answer).toBe(2);
    expect(await rows("idle-in-tx")).toBe(1);
  });

  it("does not run again a transaction whose connection is lost during COMMIT: the outcome is unknown", async () => {
    // A deferred trigger makes COMMIT itself take 400 ms, long enough to cut it mid-way.
    await handle.engine.raw.run(`CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN PERFORM pg_sleep(0.4); RETURN NULL; END $$`);
    await handle.engine.raw.run("CREATE TABLE loss_commit (note text NOT NULL)");
    await handle.engine.raw.run(`CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON loss_commit
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()`);
    let runs = 0;
    const [error] = await Promise.all([
      handle.db
        .transaction(async (tx) => {
          runs++;
          await engineOf(tx).raw.run("INSERT INTO loss_commit (note) VALUES ('at-commit')");
        })
        .then(
          () => null,
          (e: unknown) => e,
        ),
      cutWhenRunning("COMMIT"),
    ]);
    expect(error).toBeInstanceOf(CommitOutcomeUnknown);
    expect(isConnectionLost(error)).toBe(true);
    expect(runs).toBe(1);
    // Cut before the commit completed: nothing applied, and certainly not twice.
    expect(Number((await handle.engine.raw.get<{ n: number }>("SELECT count(*) AS n FROM loss_commit"))?.n)).toBe(0);
  });

  it("sends a read cut mid-statement again and answers it", async () => {
    const [answer] = await Promise.all([
      handle.engine.raw.get<{ n: number }>("SELECT 42 AS n, pg_sleep(0.4) AS read_probe"),
      cutWhenRunning("read_probe"),
    ]);
    expect(answer?.n).toBe(42);
  });

  it("does not send again a write cut mid-statement: the caller gets the lost connection", async () => {
    const [error] = await Promise.all([
      handle.engine.raw.run("INSERT INTO loss_probe (note) SELECT 'write-cut' FROM pg_sleep(0.4) AS write_probe").then(
        () => null,
        (e: unknown) => e,
      ),
      cutWhenRunning("write_probe"),
    ]);
    expect(isConnectionLost(error)).toBe(true);
    expect(await rows("write-cut")).toBe(0);
    // The pool recovers: the next write goes through.
    await handle.engine.raw.run("INSERT INTO loss_probe (note) VALUES ('after')");
    expect(await rows("after")).toBe(1);
  });
});
