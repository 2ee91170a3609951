// `npm run bench -- --only table --against BINARY`: the table's calls on two compiled binaries,
// this checkout's and another (e.g. dist/planify-server of a git worktree at the commit before
// a change), on the same school: seeded once through the API, its data folder copied, both
// servers running side by side, and the calls taken in turns (A then B, call by call, round
// after round) so that both see the same machine at the same moments. Reports each call's
// median req/s over the rounds and the change. On a shared 2-core machine, drift between two
// runs started minutes apart is often larger than the change being measured; taking turns
// removes most of it.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runLoad } from "./load";
import { startServer } from "./server-process";
import { api, BENCH_PASSWORD, createTasks, importStudents, login, register } from "./seed";
import { formatTable, perSec } from "./table";

export interface VersusOptions {
  students: number;
  tasks: number;
  seconds: number;
  connections: number;
  rounds: number;
}

const ADMIN_PASSWORD = "bench-admin-mot-de-passe-2026";
type PerSide = Record<string, { mine: number[]; theirs: number[] }>;
const note = (table: PerSide, name: string, side: "mine" | "theirs", value: number) => {
  table[name] ??= { mine: [], theirs: [] };
  table[name][side].push(value);
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function versusTable(mine: string, theirs: string, o: VersusOptions, say: (line: string) => void): Promise<void> {
  const env = { PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD, PLANIFY_LOGIN_IP_MAX: "100000" };
  const dirs = [mkdtempSync(join(tmpdir(), "planify-versus-a-")), mkdtempSync(join(tmpdir(), "planify-versus-b-"))] as const;
  try {
    // The school is seeded by the older binary: the newer one then migrates it, as at a school.
    const seeding = await startServer(theirs, dirs[1], env);
    const a = api(seeding.base);
    const admin = await login(a, "admin", ADMIN_PASSWORD);
    await importStudents(a, admin, o.students);
    await register(a, admin, "bench.eleve", "eleve", "BUT1", "A");
    await register(a, admin, "bench.prof", "prof");
    await createTasks(a, await login(a, "bench.prof", BENCH_PASSWORD), 0, o.tasks, 1000);
    await seeding.stop();
    cpSync(dirs[1], dirs[0], { recursive: true });
    const servers = { mine: await startServer(mine, dirs[0], env), theirs: await startServer(theirs, dirs[1], env) };
    try {
      // Each side signs in on its own server: a token names a session row of the database it came from.
      const tokens = {
        mine: {
          student: await login(api(servers.mine.base), "bench.eleve", BENCH_PASSWORD),
          admin: await login(api(servers.mine.base), "admin", ADMIN_PASSWORD),
        },
        theirs: {
          student: await login(api(servers.theirs.base), "bench.eleve", BENCH_PASSWORD),
          admin: await login(api(servers.theirs.base), "admin", ADMIN_PASSWORD),
        },
      };
      const users = (
        await api(servers.mine.base).call<{ users: { id: string; role: string }[] }>("GET", "/api/users-admin/", tokens.mine.admin)
      ).users.filter((u) => u.role === "eleve");
      const coinBodies = Array.from({ length: 200 }, (_, i) =>
        JSON.stringify({ action: "update-coins", userId: users[i % users.length]!.id, coins: 100 + i }),
      );
      const etagOf = async (side: "mine" | "theirs") =>
        (await fetch(`${servers[side].base}/api/events`, { headers: { authorization: `Bearer ${tokens[side].student}` } })).headers.get(
          "etag",
        ) ?? "";
      const etags = { mine: await etagOf("mine"), theirs: await etagOf("theirs") };
      const calls: { name: string; path: string; as?: "student" | "admin"; post?: string[]; revalidate?: boolean }[] = [
        { name: "GET /api/health", path: "/api/health" },
        { name: "GET /api/coins/user-coins", path: "/api/coins/user-coins", as: "student" },
        { name: "GET /api/events (BUT1 student)", path: "/api/events", as: "student" },
        { name: "GET /api/events, If-None-Match → 304", path: "/api/events", as: "student", revalidate: true },
        { name: "POST /api/users-admin update-coins", path: "/api/users-admin/", as: "admin", post: coinBodies },
        { name: "GET /api/users/leaderboard", path: "/api/users/leaderboard", as: "student" },
        { name: "GET /api/factions/leaderboard", path: "/api/factions/leaderboard", as: "student" },
      ];
      const rps: PerSide = {};
      // The server's CPU per answer: steadier than req/s on a machine busy with other work.
      const cpu: PerSide = {};
      for (let round = 1; round <= o.rounds; round++) {
        say(`round ${round}/${o.rounds}`);
        for (const c of calls) {
          for (const side of ["mine", "theirs"] as const) {
            const headers: Record<string, string> = { "accept-encoding": "br, gzip" };
            if (c.as) headers.authorization = `Bearer ${tokens[side][c.as]}`;
            if (c.post) headers["content-type"] = "application/json";
            if (c.revalidate) headers["if-none-match"] = etags[side];
            const cpuBefore = servers[side].cpuSeconds();
            const r = await runLoad({
              url: servers[side].base + c.path,
              method: c.post ? "POST" : "GET",
              headers,
              bodies: c.post,
              seconds: o.seconds,
              connections: o.connections,
            });
            if (r.failed > 0) throw new Error(`${c.name} on ${side === "mine" ? mine : theirs}: ${r.failed} failed answers`);
            note(rps, c.name, side, r.rps);
            note(cpu, c.name, side, ((servers[side].cpuSeconds() - cpuBefore) / Math.max(1, r.requests)) * 1e6);
          }
        }
      }
      console.log(
        `\nPlanify bench, this binary against another, taking turns: ${o.students} students, ${o.tasks.toLocaleString("en-US")} tasks, ${o.connections} connections × ${o.seconds} s per call, ${o.rounds} rounds\nthis: ${mine}\nagainst: ${theirs}\n`,
      );
      console.log(
        formatTable(
          [
            "Call",
            "this (median)",
            "against (median)",
            "change",
            "CPU µs/answer, this",
            "against",
            "change",
            "this, each round",
            "against, each round",
          ],
          calls.map(({ name }) => {
            const { mine: m, theirs: t } = rps[name]!;
            const { mine: cm, theirs: ct } = cpu[name]!;
            const signed = (v: number) => `${v >= 0 ? "+" : ""}${v.toFixed(0)} %`;
            return [
              name,
              perSec(median(m)),
              perSec(median(t)),
              signed(((median(m) - median(t)) / median(t)) * 100),
              median(cm).toFixed(0),
              median(ct).toFixed(0),
              signed(((median(cm) - median(ct)) / median(ct)) * 100),
              m.map((v) => Math.round(v)).join(", "),
              t.map((v) => Math.round(v)).join(", "),
            ];
          }),
        ),
      );
    } finally {
      await servers.mine.stop();
      await servers.theirs.stop();
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
