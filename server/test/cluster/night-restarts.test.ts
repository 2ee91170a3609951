import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { builtBinary, ensureWebAssetMap, MAIN } from "../process";
import { describePg, usePgCluster } from "../pg/suite";
import { freePorts, type Node, startNode } from "./nodes";

// Issue 28: "20 restarts across a night's schedule: each job ran once", with real server
// processes. Two nodes on one PostgreSQL database run the claimed cron job that sweeps live
// events, its schedule compressed to every 2 s (PLANIFY_LIVE_SWEEP_SECONDS) so that a night's
// worth of due times passes in a minute, while the nodes are restarted 20 times in turn, a few
// of them by kill -9. Every due time of that minute must have run exactly once: one row in
// job_runs, done at the first attempt, none missing while a node was up.

const PERIOD_MS = 2000;
const RESTARTS = 20;

describePg("20 restarts of two nodes through a compressed night: each due time of a claimed job runs once", { timeout: 180_000 }, () => {
  const cluster = usePgCluster();
  const binary = builtBinary();
  const command = binary ? [binary] : [process.execPath, MAIN];
  const dirs: string[] = [];
  const nodes: Record<"a" | "b", Node | undefined> = { a: undefined, b: undefined };
  const ports = { a: 0, b: 0 };
  let env: Record<string, string> = {};
  let db: SQL | undefined;

  const start = async (name: "a" | "b") => {
    const dir = mkdtempSync(join(tmpdir(), `planify-night-${name}-`));
    dirs.push(dir);
    nodes[name] = await startNode(name, command, ports[name], dir, env);
  };

  beforeAll(async () => {
    if (!binary) ensureWebAssetMap();
    const url = await cluster().createDatabase({ empty: true });
    db = new SQL({ url, max: 1 });
    env = {
      DATABASE_URL: url,
      PLANIFY_JWT_SECRET: "night-restarts-signing-secret-0123456789abcdef",
      PLANIFY_ADMIN_PASSWORD: "admin-night-2026",
      PLANIFY_LIVE_SWEEP_SECONDS: String(PERIOD_MS / 1000),
      PLANIFY_DISK_MIN_FREE_MB: "0",
    };
    [ports.a, ports.b] = (await freePorts(2)) as [number, number];
    await Promise.all([start("a"), start("b")]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([nodes.a?.stop("SIGKILL"), nodes.b?.stop("SIGKILL")]);
    await db?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it(`${RESTARTS} restarts, some by kill -9: every due time ran once, at its first attempt, none skipped`, async () => {
    // From the next due time on, both nodes are up and claiming.
    const from = Math.ceil((Date.now() + 1) / PERIOD_MS) * PERIOD_MS;
    await Bun.sleep(from - Date.now() + 200);
    for (let i = 0; i < RESTARTS; i++) {
      const name = i % 2 === 0 ? "a" : "b";
      const crash = i % 5 === 4;
      if (crash) {
        // Killed between two runs (a run takes a few milliseconds): a kill inside one would leave
        // its claim to the takeover sweep, two minutes later, outside this test's minute.
        while (Math.abs((Date.now() % PERIOD_MS) - PERIOD_MS / 2) > 200) await Bun.sleep(10);
      }
      const code = await nodes[name]!.stop(crash ? "SIGKILL" : "SIGTERM");
      if (!crash) expect(code, nodes[name]!.output()).toBe(0);
      await start(name);
    }
    const until = Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS - PERIOD_MS;
    await Bun.sleep(PERIOD_MS);
    const rows = (await db!`
      SELECT due_at::float8 AS "dueAt", status, attempts::int AS attempts FROM job_runs
      WHERE name = 'live-events-sweep' AND due_at >= ${from} AND due_at <= ${until} ORDER BY due_at`) as {
      dueAt: number;
      status: string;
      attempts: number;
    }[];
    const expected = Array.from({ length: (until - from) / PERIOD_MS + 1 }, (_, k) => from + k * PERIOD_MS);
    // The restarts spread over many due times (about one every 1.5 s, a run every 2 s).
    expect(expected.length).toBeGreaterThanOrEqual(10);
    expect(rows.map((r) => r.dueAt)).toEqual(expected);
    expect(rows.filter((r) => r.status !== "done" || r.attempts !== 1)).toEqual([]);
  });
});
