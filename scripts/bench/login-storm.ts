// The 8:00 login storm: 48 students of one class logging in again and again (each as
// soon as their last login answered) while the load generator reads the homework list as
// another student. What it measures is whether the password hashes leave the server
// room for everything else: the list's p99 during the storm, beside the logins/s achieved.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generatorName, type LoadResult, runLoad } from "./load";
import { api, BENCH_PASSWORD, classOfStudents, createTasks, login, register } from "./seed";
import { type RunningServer, startServer } from "./server-process";
import { formatTable, ms, perSec } from "./table";

export const STORM_STUDENTS = 48;

export interface StormResult {
  /** The list without the storm, then during it (same load). */
  calm: LoadResult;
  connections: number;
  storm: LoadResult;
  logins: number;
  loginsPerSec: number;
  /** Logins answered other than 200 (a 503 from a full queue, a 429, a socket error). */
  failedLogins: number;
  loginP99: number;
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0;

/** Runs the list's load alone, then again with `usernames` logging in in a loop for the same time. */
export async function loginStorm(
  base: string,
  listToken: string,
  usernames: string[],
  password: string,
  seconds: number,
  connections: number,
): Promise<StormResult> {
  const list = () =>
    runLoad({
      url: `${base}/api/events`,
      headers: { "accept-encoding": "br, gzip", authorization: `Bearer ${listToken}` },
      seconds,
      connections,
    });
  const calm = await list();
  let stop = false;
  let failedLogins = 0;
  const latencies: number[] = [];
  const loop = async (username: string) => {
    while (!stop) {
      const t = performance.now();
      const ok = await fetch(`${base}/api/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status === 200;
        },
        () => false,
      );
      if (ok) latencies.push(performance.now() - t);
      else {
        failedLogins++;
        await Bun.sleep(200); // a refused student waits a moment, as the app's user would
      }
    }
  };
  const t0 = performance.now();
  const loops = usernames.map(loop);
  // Let the storm build up (every student's first hash queued) before measuring the list.
  await Bun.sleep(1000);
  const storm = await list();
  stop = true;
  await Promise.all(loops);
  const elapsed = (performance.now() - t0) / 1000;
  return {
    calm,
    connections,
    storm,
    logins: latencies.length,
    loginsPerSec: latencies.length / elapsed,
    failedLogins,
    loginP99: p99(latencies),
  };
}

/** The storm's lines of the figures table: [figure, value, goal]. */
export function stormRows(r: StormResult): string[][] {
  return [
    [
      `GET /api/events during a login storm (${STORM_STUDENTS} students logging in in a loop), ${r.connections} conn.`,
      `p99 ${ms(r.storm.p99)}, p50 ${ms(r.storm.p50)}, ${perSec(r.storm.rps)} (without the storm: p99 ${ms(r.calm.p99)}, ${perSec(r.calm.rps)})`,
      "p99 ≤ 250 ms",
    ],
    [
      "logins during the storm",
      `${r.loginsPerSec.toFixed(1)}/s (${r.logins} in all, login p99 ${ms(r.loginP99)}, ${r.failedLogins} refused or failed)`,
      "",
    ],
  ];
}

/**
 * `npm run bench -- --only storm`: just the storm, on a school of `tasks` tasks seeded
 * through the API (students registered with the bench password, a prof's tasks).
 */
export async function stormOnly(
  binary: string,
  env: Record<string, string>,
  adminPassword: string,
  run: { tasks: number; seconds: number; connections: number },
  say: (line: string) => void,
): Promise<void> {
  const { tasks, seconds, connections } = run;
  const dataDir = mkdtempSync(join(tmpdir(), "planify-bench-storm-"));
  let server: RunningServer | null = null;
  try {
    server = await startServer(binary, dataDir, env);
    const a = api(server.base);
    const admin = await login(a, "admin", adminPassword);
    await register(a, admin, "bench.eleve", "eleve", "BUT1", "A");
    await register(a, admin, "bench.prof", "prof");
    const [student, prof] = [await login(a, "bench.eleve", BENCH_PASSWORD), await login(a, "bench.prof", BENCH_PASSWORD)];
    await classOfStudents(a, admin, "bench.storm", STORM_STUDENTS, "BUT1", "A");
    say(`${STORM_STUDENTS} students registered; ${tasks} tasks…`);
    await createTasks(a, prof, 0, tasks, Math.min(tasks, 1000));
    say(`login storm for ${seconds} s`);
    const usernames = Array.from({ length: STORM_STUDENTS }, (_, i) => `bench.storm.${i}`);
    const r = await loginStorm(server.base, student, usernames, BENCH_PASSWORD, seconds, connections);
    console.log(
      `\nPlanify bench, login storm only: ${tasks.toLocaleString("en-US")} tasks, ${generatorName} ${connections} connections × ${seconds} s per run`,
    );
    console.log(formatTable(["Figure", "Value", "goal"], stormRows(r)));
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
