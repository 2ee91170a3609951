// Live updates under load: `count` open event streams (GET /api/live, as many open apps), then
// one change they all hear (a task for their class): how long until each stream has it, and
// what an open stream costs the server in memory. The streams are read by this process, a
// separate one from the server, like the rest of the bench's load.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import { join } from "node:path";
import { type Api, api, BENCH_PASSWORD, classOfStudents, login, register } from "./seed";
import { type RunningServer, startServer } from "./server-process";
import { formatTable, kib, ms } from "./table";

/** Streams a user may hold on one node (common/schemas/live.ts LIVE_STREAMS_PER_USER). */
const STREAMS_PER_USER = 3;

export interface LiveResult {
  streams: number;
  /** Streams that had the event within the deadline. */
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  /** Server memory growth per open stream (bytes). */
  perStream: number;
}

interface OpenStream {
  heardAt: number | null;
  abort: AbortController;
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

/**
 * Opens one stream and records the moment its first `tasks` event arrives. Through node:http, one
 * socket per stream as browsers hold them: Bun's fetch keeps at most 256 connections per host.
 */
function openStream(base: string, token: string, marker: { title: string }): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const abort = new AbortController();
    const stream: OpenStream = { heardAt: null, abort };
    const req = http.get(
      `${base}/api/live`,
      { headers: { authorization: `Bearer ${token}` }, signal: abort.signal, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET /api/live answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (stream.heardAt === null && marker.title && chunk.includes("event: tasks")) stream.heardAt = performance.now();
        });
        res.on("error", () => undefined);
        resolve(stream);
      },
    );
    req.on("error", (error) => {
      if (!abort.signal.aborted) reject(error);
    });
  });
}

/**
 * Opens `count` streams for the students of `tokens` (three each at most, the server's bound),
 * measures the server's memory before and after, then adds one task for their class and
 * times its arrival on every stream.
 */
export async function measureLiveStreams(
  a: Api,
  server: RunningServer,
  prof: string,
  tokens: string[],
  count: number,
  say: (line: string) => void,
): Promise<LiveResult> {
  const marker = { title: "" };
  await Bun.sleep(1000);
  const before = server.rss();
  const streams: OpenStream[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, k) => tokens[Math.floor((i + k) / STREAMS_PER_USER)]!);
    streams.push(...(await Promise.all(batch.map((t) => openStream(a.base, t, marker)))));
  }
  await Bun.sleep(2000);
  const after = server.rss();
  say(`${streams.length} streams open; server memory ${kib(before)} → ${kib(after)}`);
  marker.title = "Bench en direct";
  const sentAt = performance.now();
  await a.call("POST", "/api/events", prof, {
    titre: marker.title,
    type: "devoir",
    matiere: "Développement web",
    date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    heure: "18:00",
    description: "",
    groupes: ["A"],
    groupe: "A",
    year: "BUT1",
  });
  const deadline = sentAt + 5000;
  while (performance.now() < deadline && streams.some((s) => s.heardAt === null)) await Bun.sleep(10);
  const delays = streams.filter((s) => s.heardAt !== null).map((s) => s.heardAt! - sentAt);
  for (const s of streams) s.abort.abort();
  return {
    streams: streams.length,
    delivered: delays.length,
    p50: quantile(delays, 0.5),
    p99: quantile(delays, 0.99),
    max: Math.max(0, ...delays),
    perStream: Math.max(0, after - before) / streams.length,
  };
}

/** The lines of the figures table: [figure, value, goal]. */
export function liveRows(r: LiveResult): string[][] {
  return [
    [
      `live: one task added, heard on ${r.streams.toLocaleString("en-US")} open streams (from the POST)`,
      `${r.delivered}/${r.streams} delivered, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`,
      "all, p99 ≤ 1 s",
    ],
    ["live: server memory per open stream", kib(r.perStream), ""],
  ];
}

/** `npm run bench -- --only live`: the streams alone, on a fresh school. */
export async function liveOnly(
  binary: string,
  env: Record<string, string>,
  adminPassword: string,
  streams: number,
  say: (line: string) => void,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "planify-bench-live-"));
  let server: RunningServer | null = null;
  try {
    server = await startServer(binary, dataDir, env);
    const a = api(server.base);
    const admin = await login(a, "admin", adminPassword);
    const students = Math.ceil(streams / STREAMS_PER_USER);
    say(`${students} students of BUT1 A registered and signed in…`);
    const tokens = await classOfStudents(a, admin, "bench.live", students, "BUT1", "A");
    await register(a, admin, "bench.live.prof", "prof");
    const prof = await login(a, "bench.live.prof", BENCH_PASSWORD);
    const r = await measureLiveStreams(a, server, prof, tokens, streams, say);
    console.log(`\nPlanify bench, live streams only: ${streams.toLocaleString("en-US")} open streams of ${students} students`);
    console.log(formatTable(["Figure", "Value", "goal"], liveRows(r)));
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
