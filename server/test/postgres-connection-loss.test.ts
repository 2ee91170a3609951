import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { builtBinary, ensureWebAssetMap, postJson, type RunningServer, startServer } from "./process";
import { describePg, usePgCluster } from "./pg/suite";

// The real server (the compiled binary when built, else from source) on PostgreSQL while its
// connections are cut (pg_terminate_backend) and the database restarts (pg_ctl stop, start):
// answers are right or a French 503, a ledger write never lands twice, and the server serves
// again once PostgreSQL is back, without a restart.
const UNAVAILABLE = {
  success: false,
  code: "DATABASE_UNAVAILABLE",
  message: "La base de données ne répond pas, réessayez dans un instant.",
};
const dir = mkdtempSync(join(tmpdir(), "planify-pg-loss-"));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describePg("the server on PostgreSQL when connections are lost", { timeout: 180_000 }, () => {
  // Its own cluster: this file stops and starts it.
  const cluster = usePgCluster({ own: true });
  let base = "";
  let admin = "";
  let student = "";
  let studentId = "";
  let database = "";
  let watch: SQL;
  let watchPid = 0;
  let cutter: SQL;

  beforeAll(async () => {
    const binary = builtBinary();
    if (!binary) ensureWebAssetMap();
    const url = await cluster().createDatabase({ empty: true });
    database = new URL(url).pathname.slice(1);
    server = await startServer(
      dir,
      { DATABASE_URL: url, PLANIFY_ADMIN_PASSWORD: "admin-perte-2026" },
      60_000,
      binary ? [binary] : undefined,
    );
    base = server.url;
    admin = String((await postJson(`${base}/api/users/login`, { username: "admin", password: "admin-perte-2026" })).json?.token);
    const made = await postJson(
      `${base}/api/users/register`,
      { username: "lea.perte", password: "motdepasse-perte", role: "eleve", year: "BUT1", groupe: "A" },
      admin,
    );
    expect(made.status).toBe(201);
    student = String((await postJson(`${base}/api/users/login`, { username: "lea.perte", password: "motdepasse-perte" })).json?.token);
    watch = new SQL({ url, max: 1 });
    studentId = String(((await watch`SELECT id FROM users WHERE username = 'lea.perte'`)[0] as { id: string }).id);
    watchPid = Number(((await watch`SELECT pg_backend_pid() AS pid`)[0] as { pid: number }).pid);
    cutter = new SQL({ url: cluster().adminUrl, max: 1 });
  }, 120_000);
  afterAll(async () => {
    await watch?.close();
    await cutter?.close();
  });

  const inventory = () => fetch(`${base}/api/coins/inventory`, { headers: { authorization: `Bearer ${student}` } });
  const setCoins = (coins: number) => postJson(`${base}/api/users-admin/`, { action: "update-coins", userId: studentId, coins }, admin);
  /** Cuts every connection of Planify's database but the watcher's: how many were cut. */
  const cutAll = async () => {
    const cut = await cutter`SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000)) AS n FROM pg_stat_activity
      WHERE datname = ${database} AND pid <> ${watchPid} AND backend_type = 'client backend'`;
    return Number((cut[0] as { n: number }).n);
  };
  /** The balance and the ledger's values after each of its rows, read in the database. */
  const ledger = async () => {
    const [user] = (await watch`SELECT coins FROM users WHERE id = ${studentId}`) as { coins: number }[];
    const rows = (await watch`SELECT coins_delta AS d FROM coin_ledger WHERE user_id = ${studentId} ORDER BY id`) as { d: number }[];
    let running = 0;
    const values = rows.map((r) => (running += Number(r.d)));
    return { balance: Number(user!.coins), values };
  };

  it("answers reads and ledger writes after its connections are cut between requests", async () => {
    for (let round = 0; round < 3; round++) {
      expect(await cutAll()).toBeGreaterThan(0);
      await Bun.sleep(200);
      expect((await inventory()).status).toBe(200);
      expect((await setCoins(500 + round)).status).toBe(200);
    }
    const { balance, values } = await ledger();
    expect(balance).toBe(502);
    expect(values).toEqual([500, 501, 502]);
  });

  it("answers right or a French 503 while connections are cut during requests, and no write lands twice", async () => {
    let cutting = true;
    let cutCount = 0;
    const cuts = (async () => {
      while (cutting) {
        cutCount += await cutAll();
        await Bun.sleep(15);
      }
    })();
    const answered: number[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const [read, write] = await Promise.all([inventory(), setCoins(1000 + i)]);
      statuses.push(read.status, write.status);
      if (read.status !== 200) expect(await read.json()).toMatchObject(UNAVAILABLE);
      if (write.status === 200) answered.push(1000 + i);
      else expect(write.json).toMatchObject(UNAVAILABLE);
    }
    cutting = false;
    await cuts;
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(answered.length).toBeGreaterThan(0);
    expect(cutCount).toBeGreaterThan(0);
    const { balance, values } = await ledger();
    const after = values.slice(3);
    // Each value set at most once, in the order asked; every one answered 200 is there.
    expect(new Set(after).size).toBe(after.length);
    expect([...after].sort((a, b) => a - b)).toEqual(after);
    for (const v of answered) expect(after).toContain(v);
    expect(balance).toBe(values.at(-1));
  });

  it("answers 503 in French while PostgreSQL is stopped, and serves again once it is back", async () => {
    cluster().halt();
    try {
      const read = await inventory();
      expect([read.status, await read.json()]).toEqual([503, expect.objectContaining(UNAVAILABLE)]);
      const write = await setCoins(42);
      expect([write.status, write.json]).toEqual([503, expect.objectContaining(UNAVAILABLE)]);
      const health = await fetch(`${base}/api/health`);
      expect([health.status, ((await health.json()) as { status: string }).status]).toEqual([503, "database-unavailable"]);
    } finally {
      cluster().resume();
    }
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect((await inventory()).status).toBe(200);
    expect((await setCoins(77)).status).toBe(200);
    const { balance, values } = await ledger();
    expect(values).not.toContain(42);
    expect([balance, values.at(-1)]).toEqual([77, 77]);
  });
});
