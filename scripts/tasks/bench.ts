// npm run bench [-- --quick]: Planify's compiled binary measured from outside, on a school
// seeded through its own API, beside a bare Bun.serve hello-world in the same run. A
// benchmark, not a test: nothing here fails on a slow figure, and npm test never runs it.
// Options: --quick (short run, smaller school), --students N, --tasks N (the table's
// school), --growth-tasks N (the large side of the growth figure), --seconds S,
// --connections C, --zip-students N --zip-file-mb M, --no-build (reuse dist/planify-server, or
// the one in PLANIFY_DIST_DIR, as for build-binary),
// --only storm (just the login storm, on a school of --tasks tasks), --only table (just the
// table of calls: no uncached class, growth, storm, ZIP or page weight; the quick way to
// compare two versions, run after run), --only in-process [--against DIR] (the table's calls
// timed inside one process, no socket: the server's own µs per call, this checkout against
// another one, e.g. a git worktree of the commit before a change), --only table --against
// BINARY [--rounds N] (the table's calls on this binary and BINARY on copies of one school,
// taking turns: the way to compare a change on a noisy machine). PLANIFY_HASH_CONCURRENCY
// in the environment reaches the server (64: hashes unbounded, as before the limiter).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildBinary } from "../lib/build";
import { root } from "../lib/paths";
import { FIRST_PAGE_BUDGET_BYTES, firstPageWeight } from "../bench/first-page";
import { inProcessTable } from "../bench/in-process-table";
import { versusTable } from "../bench/versus";
import { generatorName, type LoadResult, runLoad } from "../bench/load";
import { loginStorm, STORM_STUDENTS, stormOnly, stormRows } from "../bench/login-storm";
import { type RunningServer, startServer } from "../bench/server-process";
import { api, BENCH_PASSWORD, classOfStudents, createTasks, importStudents, login, register } from "../bench/seed";
import { formatTable, kib, ms, perSec } from "../bench/table";
import { zipMemory } from "../bench/zip-memory";

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
    against: { type: "string" },
    rounds: { type: "string" },
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
  zipFileMb: num(opt["zip-file-mb"], 64, 16),
};
const ADMIN_PASSWORD = "bench-admin-mot-de-passe-2026";
const UNCACHED_CALLERS = 600;
const say = (line: string) => console.log(`[bench] ${line}`);
const mb = (bytes: number) => `${(bytes / (1 << 20)).toFixed(0)} MB`;

if (opt.only !== undefined && !["storm", "table", "in-process"].includes(opt.only)) {
  throw new Error(`--only ${opt.only}: the parts that run alone are "storm", "table" and "in-process"`);
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
if (opt.only === "storm") {
  await stormOnly(binary, { PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD, PLANIFY_LOGIN_IP_MAX: "100000" }, ADMIN_PASSWORD, cfg, say);
  process.exit(0);
}
const dataDir = mkdtempSync(join(tmpdir(), "planify-bench-"));
const env = {
  PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD,
  PLANIFY_MAX_UPLOAD_MB: String(Math.max(25, cfg.zipFileMb + 1)),
  PLANIFY_LOGIN_IP_MAX: "100000",
};
const bareServer = (...args: string[]) =>
  Bun.spawn([process.execPath, join(root, "scripts", "bench", "bare-server.ts"), ...args], { stdout: "pipe", stderr: "inherit" });
const bare = bareServer();
let sameBytes: ReturnType<typeof bareServer> | null = null;
let server: RunningServer | null = null;

/** A bare server's port: the first line it prints. */
async function barePort(proc: ReturnType<typeof bareServer>): Promise<number> {
  const reader = proc.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the bare Bun server did not start");
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return Number(text.split("\n")[0]);
}

interface Row {
  name: string;
  goal: string;
  r: LoadResult;
}

try {
  const bareUrl = `http://127.0.0.1:${await barePort(bare)}/`;
  say(`binary ${binary}, data ${dataDir}, load by ${generatorName} (${cfg.connections} connections, ${cfg.seconds} s per call)`);
  server = await startServer(binary, dataDir, env);
  const a = api(server.base);
  const admin = await login(a, "admin", ADMIN_PASSWORD);

  const t = performance.now();
  await importStudents(a, admin, cfg.students);
  await register(a, admin, "bench.eleve", "eleve", "BUT1", "A");
  await register(a, admin, "bench.prof", "prof");
  const [student, prof] = [await login(a, "bench.eleve", BENCH_PASSWORD), await login(a, "bench.prof", BENCH_PASSWORD)];
  say(`${cfg.students} students imported in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  // More BUT1 A students than the list's answer cache holds (500 callers): asked in turn,
  // each of their lists is built afresh, so this row measures the list itself, not the cache.
  const t1 = performance.now();
  const manyStudents = tableOnly ? [] : await classOfStudents(a, admin, "bench.but1a", UNCACHED_CALLERS, "BUT1", "A");
  if (!tableOnly) say(`${UNCACHED_CALLERS} BUT1 A students registered and signed in in ${((performance.now() - t1) / 1000).toFixed(1)} s`);

  const eventsLatency = async () => {
    // Uncached: the class's students in turn, so the growth is that of building the list.
    const r = await runLoad({
      url: `${server!.base}/api/events`,
      headers: { "accept-encoding": "br, gzip" },
      tokens: manyStudents,
      seconds: cfg.seconds,
      connections: 8,
    });
    const seen = (await a.call<{ events: unknown[] }>("GET", "/api/events", student)).events.length;
    return { r, seen };
  };
  const seed = async (from: number, to: number) => {
    if (to <= from) return;
    const t0 = performance.now();
    await createTasks(a, prof, from, to, cfg.smallTasks, (n) => say(`  ${from + n} tasks…`));
    say(
      `tasks ${from} → ${to} created through POST /api/events in ${((performance.now() - t0) / 1000).toFixed(1)} s (${perSec(((to - from) * 1000) / (performance.now() - t0))})`,
    );
  };

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

  const users = (await a.call<{ users: { id: string; role: string }[] }>("GET", "/api/users-admin/", admin)).users.filter(
    (u) => u.role === "eleve",
  );
  const coinBodies = Array.from({ length: 200 }, (_, i) =>
    JSON.stringify({ action: "update-coins", userId: users[i % users.length]!.id, coins: 100 + i }),
  );
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  // The list exactly as a browser receives it (brotli bytes, untouched) and its validator: the
  // 304 row revalidates with it, and a bare server sends the same bytes for the list's yardstick.
  const listed = await fetch(`${server.base}/api/events`, {
    headers: { "accept-encoding": "br, gzip", ...auth(student) },
    decompress: false,
  } as RequestInit);
  const listEtag = listed.headers.get("etag") ?? "";
  const listFile = join(dataDir, "list-bytes.bin");
  writeFileSync(listFile, new Uint8Array(await listed.arrayBuffer()));
  sameBytes = bareServer(listFile, listed.headers.get("content-encoding") ?? "");
  const sameBytesUrl = `http://127.0.0.1:${await barePort(sameBytes)}/`;
  const calls: {
    name: string;
    goal: string;
    path: string;
    token?: string;
    tokens?: string[];
    post?: string[];
    headers?: Record<string, string>;
  }[] = [
    { name: "GET /api/health", goal: "keep ~0.46×", path: "/api/health" },
    { name: "GET /api/coins/user-coins", goal: "≥ 0.35×", path: "/api/coins/user-coins", token: student },
    { name: "GET /api/events (BUT1 student)", goal: "≥ 0.30×, p99 < 25 ms", path: "/api/events", token: student },
    {
      name: "GET /api/events, If-None-Match → 304",
      goal: "",
      path: "/api/events",
      token: student,
      headers: { "if-none-match": listEtag },
    },
    ...(tableOnly
      ? []
      : [
          {
            name: `GET /api/events (${UNCACHED_CALLERS} BUT1 students in turn, uncached)`,
            goal: "",
            path: "/api/events",
            tokens: manyStudents,
          },
        ]),
    { name: "POST /api/users-admin update-coins", goal: "≥ 0.05×, p99 < 50 ms", path: "/api/users-admin/", token: admin, post: coinBodies },
    { name: "GET /api/users/leaderboard", goal: "", path: "/api/users/leaderboard", token: student },
    { name: "GET /api/factions/leaderboard", goal: "", path: "/api/factions/leaderboard", token: student },
  ];
  const bareBefore = await runLoad({ url: bareUrl, seconds: cfg.seconds, connections: cfg.connections });
  const rows: Row[] = [];
  for (const c of calls) {
    say(`load: ${c.name}`);
    // As a browser asks: the server may compress (wrk's byte count is then what travels).
    const headers: Record<string, string> = { "accept-encoding": "br, gzip", ...(c.token ? auth(c.token) : {}), ...c.headers };
    if (c.post) headers["content-type"] = "application/json";
    const r = await runLoad({
      url: server.base + c.path,
      method: c.post ? "POST" : "GET",
      headers,
      bodies: c.post,
      tokens: c.tokens,
      seconds: cfg.seconds,
      connections: cfg.connections,
    });
    rows.push({ name: c.name, goal: c.goal, r });
  }
  const bareAfter = await runLoad({ url: bareUrl, seconds: cfg.seconds, connections: cfg.connections });
  const bareRps = (bareBefore.rps + bareAfter.rps) / 2;
  say("load: the bare server sending the list's bytes");
  const sameBytesLoad = await runLoad({
    url: sameBytesUrl,
    headers: { "accept-encoding": "br, gzip" },
    seconds: cfg.seconds,
    connections: cfg.connections,
  });
  const listRow = rows.find((r) => r.name.startsWith("GET /api/events (BUT1"))!;
  const report = () => {
    console.log(
      `\nPlanify bench (${opt.quick ? "quick" : "full"}${tableOnly ? ", table only" : ""}): ${cfg.students} students, ${cfg.tasks.toLocaleString("en-US")} tasks created through the API, ${generatorName} ${cfg.connections} connections × ${cfg.seconds} s per call`,
    );
    console.log(
      `bare Bun.serve hello-world: ${perSec(bareRps)} (before ${perSec(bareBefore.rps)}, after ${perSec(bareAfter.rps)}), p99 ${ms(bareBefore.p99)}\n`,
    );
    console.log(
      formatTable(
        ["Call", "× bare", "req/s", "p50", "p99", "answer", "failed", "goal"],
        [
          ...rows.map(({ name, goal, r }) => [
            name,
            `${(r.rps / bareRps).toFixed(r.rps / bareRps < 0.01 ? 4 : 3)}×`,
            perSec(r.rps),
            ms(r.p50),
            ms(r.p99),
            kib(r.bytesPerReq),
            String(r.failed),
            goal,
          ]),
          [
            "GET /api/events vs a bare server sending its bytes",
            `${(listRow.r.rps / sameBytesLoad.rps).toFixed(3)}× same bytes`,
            perSec(sameBytesLoad.rps),
            ms(sameBytesLoad.p50),
            ms(sameBytesLoad.p99),
            kib(sameBytesLoad.bytesPerReq),
            String(sameBytesLoad.failed),
            "",
          ],
        ],
      ),
    );
    console.log(
      `(the BUT1 student sees ${seenAtTable} of ${cfg.tasks.toLocaleString("en-US")} tasks; "answer" is the mean size with headers, as sent to a client accepting br/gzip)\n`,
    );
  };
  const seenAtTable = (await a.call<{ events: unknown[] }>("GET", "/api/events", student)).events.length;
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

    await seed(cfg.tasks, cfg.growthTasks);
    const large = await eventsLatency();

    say(`ZIP: ${cfg.zipStudents} hand-ins of ${cfg.zipFileMb} MiB`);
    const zip = await zipMemory(a, server, admin, prof, cfg.zipStudents, cfg.zipFileMb, async () => {
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
  for (const proc of [bare, sameBytes]) {
    proc?.kill("SIGTERM");
    await proc?.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
