// The table of calls, measured on one running server (SQLite or PostgreSQL) over its seeded
// school: each call loaded from a separate process as a browser asks (br/gzip), the list
// beside a bare server sending the very same bytes. Run once per engine; the rows of both
// engines share one report, against the same bare hello-world.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startBare } from "./bare";
import { type LoadResult, runWarmLoad } from "./load";
import { type School, UNCACHED_CALLERS } from "./school";
import type { RunningServer } from "./server-process";
import { formatTable, kib, ms, perSec } from "./table";

export type EngineName = "SQLite" | "PostgreSQL";

export interface CallRow {
  name: string;
  goal: string;
  r: LoadResult;
}

export interface EngineTable {
  engine: EngineName;
  rows: CallRow[];
  /** The bare server sending the list's bytes. */
  sameBytes: LoadResult;
  /** Tasks the BUT1 student sees in the list. */
  seen: number;
}

/** The goals of each engine (issue 27 for PostgreSQL), by call. */
const GOALS: Record<EngineName, Record<string, string>> = {
  SQLite: {
    health: "keep ~0.46×",
    coins: "≥ 0.35×",
    list: "≥ 0.30×, p99 < 25 ms",
    write: "≥ 0.05×, p99 < 50 ms",
  },
  PostgreSQL: {
    health: "p99 < 50 ms",
    coins: "p99 < 50 ms",
    list: "≥ 0.25×, p99 < 50 ms",
    write: "≥ 0.03×, p99 < 50 ms",
  },
};

interface Call {
  name: string;
  goal: string;
  path: string;
  token?: string;
  tokens?: string[];
  post?: string[];
  /** wrk's threads start this many bodies apart (LoadSpec.stride). */
  stride?: number;
  headers?: Record<string, string>;
}

/** Loads each call of the table on `server`, over `school`; `workDir` holds the list's bytes. */
export async function measureTable(
  server: RunningServer,
  school: School,
  engine: EngineName,
  o: { seconds: number; connections: number; workDir: string },
  say: (line: string) => void,
): Promise<EngineTable> {
  const { a, admin, student } = school;
  const goal = GOALS[engine];
  const users = (await a.call<{ users: { id: string; role: string }[] }>("GET", "/api/users-admin/", admin)).users.filter(
    (u) => u.role === "eleve",
  );
  // Every student twice (a balance set again to the value it has writes nothing); the load's two
  // threads start half the class apart, as two admins editing different accounts would.
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
  const listFile = join(o.workDir, `list-bytes-${engine}.bin`);
  writeFileSync(listFile, new Uint8Array(await listed.arrayBuffer()));
  const calls: Call[] = [
    { name: "GET /api/health", goal: goal.health!, path: "/api/health" },
    { name: "GET /api/coins/user-coins", goal: goal.coins!, path: "/api/coins/user-coins", token: student },
    { name: "GET /api/events (BUT1 student)", goal: goal.list!, path: "/api/events", token: student },
    { name: "GET /api/events, If-None-Match → 304", goal: "", path: "/api/events", token: student, headers: { "if-none-match": listEtag } },
    ...(school.manyStudents.length
      ? [
          {
            name: `GET /api/events (${UNCACHED_CALLERS} BUT1 students in turn, uncached)`,
            goal: "",
            path: "/api/events",
            tokens: school.manyStudents,
          },
        ]
      : []),
    {
      name: "POST /api/users-admin update-coins",
      goal: goal.write!,
      path: "/api/users-admin/",
      token: admin,
      post: coinBodies,
      stride: Math.ceil(users.length / 2),
    },
    { name: "GET /api/users/leaderboard", goal: "", path: "/api/users/leaderboard", token: student },
    { name: "GET /api/factions/leaderboard", goal: "", path: "/api/factions/leaderboard", token: student },
  ];
  const rows: CallRow[] = [];
  for (const c of calls) {
    say(`load (${engine}): ${c.name}`);
    // As a browser asks: the server may compress (wrk's byte count is then what travels).
    const headers: Record<string, string> = { "accept-encoding": "br, gzip", ...(c.token ? auth(c.token) : {}), ...c.headers };
    if (c.post) headers["content-type"] = "application/json";
    const r = await runWarmLoad({
      url: server.base + c.path,
      method: c.post ? "POST" : "GET",
      headers,
      bodies: c.post,
      stride: c.stride,
      tokens: c.tokens,
      seconds: o.seconds,
      connections: o.connections,
    });
    rows.push({ name: c.name, goal: c.goal, r });
  }
  say(`load (${engine}): the bare server sending the list's bytes`);
  const same = await startBare(listFile, listed.headers.get("content-encoding") ?? "");
  let sameBytes: LoadResult;
  try {
    sameBytes = await runWarmLoad({
      url: same.url,
      headers: { "accept-encoding": "br, gzip" },
      seconds: o.seconds,
      connections: o.connections,
    });
  } finally {
    await same.stop();
  }
  const seen = (await a.call<{ events: unknown[] }>("GET", "/api/events", student)).events.length;
  return { engine, rows, sameBytes, seen };
}

/** One table for every engine measured: × bare hello-world, req/s, latencies, sizes, goals. */
export function formatCallsTable(tables: EngineTable[], bareRps: number): string {
  const ratio = (rps: number) => `${(rps / bareRps).toFixed(rps / bareRps < 0.01 ? 4 : 3)}×`;
  const lines: string[][] = [];
  for (const t of tables) {
    for (const { name, goal, r } of t.rows) {
      lines.push([name, t.engine, ratio(r.rps), perSec(r.rps), ms(r.p50), ms(r.p99), kib(r.bytesPerReq), String(r.failed), goal]);
    }
    const list = t.rows.find((r) => r.name.startsWith("GET /api/events (BUT1"))!;
    const s = t.sameBytes;
    lines.push([
      "GET /api/events vs a bare server sending its bytes",
      t.engine,
      `${(list.r.rps / s.rps).toFixed(3)}× same bytes`,
      perSec(s.rps),
      ms(s.p50),
      ms(s.p99),
      kib(s.bytesPerReq),
      String(s.failed),
      "",
    ]);
  }
  return formatTable(["Call", "engine", "× bare", "req/s", "p50", "p99", "answer", "failed", "goal"], lines);
}
