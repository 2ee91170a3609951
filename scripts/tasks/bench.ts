// npm run bench [-- --quick]: Planify's compiled binary measured from outside, on a school
// seeded through its own API, beside a bare Bun.serve hello-world in the same run. A
// benchmark, not a test: nothing here fails on a slow figure, and npm test never runs it.
// Options: --quick (short run, smaller school), --students N, --tasks N (the table's
// school), --growth-tasks N (the large side of the growth figure), --seconds S,
// --connections C, --zip-students N --zip-file-mb M, --no-build (reuse dist/planify-server, or
// the one in PLANIFY_DIST_DIR, as for build-binary),
// --database-url postgres://… (a second binary runs on PostgreSQL, in a database created in
// that server, or that database itself, empty, when it may not create one) or --postgres (the
// same on a throw-away cluster, stopped at the end): the same school is seeded there through
// the API and the table has each call's row for both engines (column "engine"),
// --live-streams N (open event streams for the live figure, 2,000), --only live (just that figure),
// --only storm (just the login storm, on a school of --tasks tasks), --only table (just the
// table of calls: no uncached class, growth, storm, ZIP or page weight; the quick way to
// compare two versions, run after run), --only in-process [--against DIR] (the table's calls
// timed inside one process, no socket: the server's own µs per call, this checkout against
// another one, e.g. a git worktree of the commit before a change), --only table --against
// BINARY [--rounds N] (the table's calls on this binary and BINARY on copies of one school,
// taking turns: the way to compare a change on a noisy machine). PLANIFY_HASH_CONCURRENCY
// in the environment reaches the server (64: hashes unbounded, as before the limiter).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildBinary } from "../lib/build";
import { root } from "../lib/paths";
import { type BareServer, startBare } from "../bench/bare";
import { type EngineTable, formatCallsTable, measureTable } from "../bench/calls-table";
import { FIRST_PAGE_BUDGET_BYTES, firstPageWeight } from "../bench/first-page";
import { inProcessTable } from "../bench/in-process-table";
import { versusTable } from "../bench/versus";
import { generatorName, runLoad, WARM_UP_SECONDS } from "../bench/load";
import { loginStorm, STORM_STUDENTS, stormOnly, stormRows } from "../bench/login-storm";
import { benchDatabase, shown } from "../bench/postgres";
import { ADMIN_PASSWORD, type School, seedSchool, seedTasks } from "../bench/school";
import { type RunningServer, startServer } from "../bench/server-process";
import { BENCH_PASSWORD, classOfStudents } from "../bench/seed";
import { formatTable, kib, ms, perSec } from "../bench/table";
import { zipMemory } from "../bench/zip-memory";
import { liveOnly, liveRows, measureLiveStreams } from "../bench/live-streams";

const { values: opt } = parseArgs({
  args: process.argv.slice(2),
  options: {
    quick: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    students: { type: "string" },
    tasks: { type: "string" },
    "growth-tasks": { type: "string" },
    seconds: { type: "string" },
    connections: { type: "string" },
    "zip-students": { type: "string" },
    "zip-file-mb": { type: "string" },
    only: { type: "string" },
    "live-streams": { type: "string" },
    against: { type: "string" },
    rounds: { type: "string" },
    "database-url": { type: "string" },
    postgres: { type: "boolean", default: false },
  },
});
const num = (v: string | undefined, full: number, quick: number) => Number(v ?? (opt.quick ? quick : full));
const cfg = {
  students: num(opt.students, 300, 100),
  smallTasks: 1000,
  tasks: num(opt.tasks, 10_000, 5000),
  growthTasks: num(opt["growth-tasks"], 100_000, 5000),
  seconds: num(opt.seconds, 8, 3),
  connections: num(opt.connections, 64, 64),
  zipStudents: num(opt["zip-students"], 16, 8),
  liveStreams: num(opt["live-streams"], 2000, 2000),
  zipFileMb: num(opt["zip-file-mb"], 64, 16),
};
const say = (line: string) => console.log(`[bench] ${line}`);
const mb = (bytes: number) => `${(bytes / (1 << 20)).toFixed(0)} MB`;

if (opt.only !== undefined && !["storm", "table", "in-process", "live"].includes(opt.only)) {
  throw new Error(`--only ${opt.only}: the parts that run alone are "storm", "table", "in-process" and "live"`);
}
if ((opt["database-url"] !== undefined || opt.postgres) && (opt.only === "storm" || opt.only === "in-process" || opt.against)) {
  throw new Error("--database-url and --postgres add PostgreSQL's rows to the table: not with --only storm, in-process or --against");
}
if (opt.only === "in-process") {
  await inProcessTable(root, opt.against ?? null);
  process.exit(0);
}
const tableOnly = opt.only === "table";
const binary = opt["no-build"] ? join(process.env.PLANIFY_DIST_DIR ?? join(root, "dist"), "planify-server") : await buildBinary();
if (tableOnly && opt.against) {
  await versusTable(binary, opt.against, { ...cfg, students: cfg.students, rounds: Number(opt.rounds ?? 3) }, say);
  process.exit(0);
}
if (opt.only === "live") {
  await liveOnly(binary, { PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD, PLANIFY_LOGIN_IP_MAX: "100000" }, ADMIN_PASSWORD, cfg.liveStreams, say);
  process.exit(0);
}
if (opt.only === "storm") {
  await stormOnly(binary, { PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD, PLANIFY_LOGIN_IP_MAX: "100000" }, ADMIN_PASSWORD, cfg, say);
  process.exit(0);
}
const dataDir = mkdtempSync(join(tmpdir(), "planify-bench-"));
const pgDataDir = join(dataDir, "postgres-node");
const env = {
  PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD,
  PLANIFY_MAX_UPLOAD_MB: String(Math.max(25, cfg.zipFileMb + 1)),
  PLANIFY_LOGIN_IP_MAX: "100000",
};
const pg = await benchDatabase({ url: opt["database-url"], cluster: opt.postgres ?? false }, say);
let bare: BareServer | null = null;
let server: RunningServer | null = null;
let pgServer: RunningServer | null = null;

try {
  bare = await startBare();
  say(`binary ${binary}, data ${dataDir}, load by ${generatorName} (${cfg.connections} connections, ${cfg.seconds} s per call)`);
  server = await startServer(binary, dataDir, env);
  const school = await seedSchool(server.base, { students: cfg.students, uncached: !tableOnly }, say);
  const { a, student } = school;

  const eventsLatency = async () => {
    // Uncached: the class's students in turn, so the growth is that of building the list.
    const r = await runLoad({
      url: `${server!.base}/api/events`,
      headers: { "accept-encoding": "br, gzip" },
      tokens: school.manyStudents,
      seconds: cfg.seconds,
      connections: 8,
    });
    const seen = (await a.call<{ events: unknown[] }>("GET", "/api/events", student)).events.length;
    return { r, seen };
  };
  const seed = (from: number, to: number) => seedTasks(school, from, to, cfg.smallTasks, say);

  await seed(0, cfg.smallTasks);
  const small = tableOnly ? null : await eventsLatency();
  await seed(cfg.smallTasks, cfg.tasks);

  // The table's school: restart on it to time the first answer and the idle memory.
  await server.stop();
  server = await startServer(binary, dataDir, env);
  const firstAnswer = server.firstAnswerMs;
  await Bun.sleep(3000);
  const idleRss = server.rss();
  const idleSplit = server.rssSplit();
  a.base = server.base;

  // The same school on PostgreSQL, in a second binary (the SQLite one idles meanwhile).
  let pgSchool: School | null = null;
  if (pg) {
    mkdirSync(pgDataDir);
    pgServer = await startServer(binary, pgDataDir, env, ["--database-url", pg.url]);
    say(`PostgreSQL node: ${pgServer.base} on ${shown(pg.url)}`);
    pgSchool = await seedSchool(pgServer.base, { students: cfg.students, uncached: !tableOnly }, say);
    await seedTasks(pgSchool, 0, cfg.tasks, cfg.smallTasks, say);
  }

  const tableOptions = { seconds: cfg.seconds, connections: cfg.connections, workDir: dataDir };
  const bareBefore = await runLoad({ url: bare.url, seconds: cfg.seconds, connections: cfg.connections });
  const tables: EngineTable[] = [await measureTable(server, school, "SQLite", tableOptions, say)];
  if (pgServer && pgSchool) tables.push(await measureTable(pgServer, pgSchool, "PostgreSQL", tableOptions, say));
  const bareAfter = await runLoad({ url: bare.url, seconds: cfg.seconds, connections: cfg.connections });
  const bareRps = (bareBefore.rps + bareAfter.rps) / 2;
  await pgServer?.stop();
  pgServer = null;
  const report = () => {
    console.log(
      `\nPlanify bench (${opt.quick ? "quick" : "full"}${tableOnly ? ", table only" : ""}): ${cfg.students} students, ${cfg.tasks.toLocaleString("en-US")} tasks created through the API${pg ? " (on SQLite and on PostgreSQL)" : ""}, ${generatorName} ${cfg.connections} connections × ${cfg.seconds} s per call, after ${WARM_UP_SECONDS} s of warm-up`,
    );
    console.log(
      `bare Bun.serve hello-world: ${perSec(bareRps)} (before ${perSec(bareBefore.rps)}, after ${perSec(bareAfter.rps)}), p99 ${ms(bareBefore.p99)}\n`,
    );
    console.log(formatCallsTable(tables, bareRps));
    const seen = tables.map((t) => `${t.seen} on ${t.engine}`).join(", ");
    console.log(
      `(the BUT1 student sees ${seen} of ${cfg.tasks.toLocaleString("en-US")} tasks; "answer" is the mean size with headers, as sent to a client accepting br/gzip)\n`,
    );
  };
  if (tableOnly) {
    report();
  } else {
    say(`login storm: ${STORM_STUDENTS} students logging in in a loop while a student reads the list`);
    const storm = await loginStorm(
      server.base,
      student,
      Array.from({ length: STORM_STUDENTS }, (_, i) => `bench.but1a.${i}`),
      BENCH_PASSWORD,
      cfg.seconds,
      cfg.connections,
    );

    say(`live: ${cfg.liveStreams} open event streams, one task added`);
    const liveTokens = await classOfStudents(a, school.admin, "bench.live", Math.ceil(cfg.liveStreams / 3), "BUT1", "A");
    const live = await measureLiveStreams(a, server, school.prof, liveTokens, cfg.liveStreams, say);

    await seed(cfg.tasks, cfg.growthTasks);
    const large = await eventsLatency();

    say(`ZIP: ${cfg.zipStudents} hand-ins of ${cfg.zipFileMb} MiB`);
    const zip = await zipMemory(a, server, school.admin, school.prof, cfg.zipStudents, cfg.zipFileMb, async () => {
      await server!.stop();
      server = await startServer(binary, dataDir, env);
      return server;
    });
    const page = firstPageWeight();

    report();
    const growth = large.r.p50 / small!.r.p50;
    console.log(
      formatTable(
        ["Figure", "Value", "goal"],
        [
          [
            `GET /api/events at ${cfg.smallTasks.toLocaleString("en-US")} tasks (sees ${small!.seen}), 8 conn.`,
            `p50 ${ms(small!.r.p50)}, p99 ${ms(small!.r.p99)}, ${perSec(small!.r.rps)}`,
            "",
          ],
          [
            `GET /api/events at ${cfg.growthTasks.toLocaleString("en-US")} tasks (sees ${large.seen}), 8 conn.`,
            `p50 ${ms(large.r.p50)}, p99 ${ms(large.r.p99)}, ${perSec(large.r.rps)}`,
            "",
          ],
          ["growth (p50 large / p50 small, uncached)", `${growth.toFixed(2)}×`, "≤ 1.5×"],
          ...stormRows(storm),
          ...liveRows(live),
          ["first answer after start", ms(firstAnswer), "keep ~156 ms"],
          [
            "idle memory (RSS, 3 s after start)",
            `${mb(idleRss)} (${mb(idleSplit.anon)} heaps, ${mb(idleSplit.file)} the executable's own pages)`,
            "keep ~70 MB",
          ],
          [
            `ZIP of ${zip.handedInMb} MiB of hand-ins (${zip.zipMb.toFixed(0)} MiB in ${zip.seconds.toFixed(1)} s)`,
            `RSS ${zip.rssBeforeMb.toFixed(0)} → peak ${zip.rssPeakMb.toFixed(0)} MB (+${(zip.rssPeakMb - zip.rssBeforeMb).toFixed(0)} MB, server restarted after the uploads)`,
            "< +64 MB",
          ],
          [
            "home page JS + CSS (gzip -9)",
            page ? `${kib(page.gzip)} (${page.files.length} files, ${kib(page.raw)} raw)` : "web not built",
            `≤ ${FIRST_PAGE_BUDGET_BYTES / 1024} KiB (npm test)`,
          ],
          [
            "guest's / before its first paint: home.html (style and theme script inlined)",
            page?.beforePaint ? kib(page.beforePaint.gzip) : "not prerendered",
            "",
          ],
        ],
      ),
    );
  }
} finally {
  await server?.stop();
  await pgServer?.stop();
  await bare?.stop();
  await pg?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
