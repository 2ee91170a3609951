// HTTP benchmark: Planify's API against a bare Bun server in the same run, reported as
// ratios (machines here are noisy and have 2 cores: absolute numbers mean little).
// Usage: npm run bench [-- --seconds 5 --concurrency 32]
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../server/src/db/client";
import { createApp } from "../../server/src/app";
import type { AppDeps } from "../../server/src/deps";
import { seedDemo } from "../../server/src/demo/seed";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { seconds: { type: "string", default: "4" }, concurrency: { type: "string", default: "32" } },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

/** Sends requests from `concurrency` loops for `seconds`; returns requests per second. */
async function load(url: string, init: () => RequestInit): Promise<{ rps: number; p95: number }> {
  const end = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const res = await fetch(url, init());
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0 };
}

const bare = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ status: "ok", version: "bench" }) });

const dir = mkdtempSync(join(tmpdir(), "planify-bench-"));
const handle = openDatabase(join(dir, "bench.db"));
const deps: AppDeps = {
  db: handle.db,
  sqlite: handle.sqlite,
  settings: { trustProxy: false, maxUploadBytes: 25 << 20, publicUrl: null, contactTo: null, version: "bench" },
  jwtKey: new TextEncoder().encode("bench-secret-bench-secret-bench-secret-0123"),
  uploadsDir: join(dir, "uploads"),
  now: Date.now,
  mailer: null,
  log: () => {},
  instanceId: "bench",
};
await seedDemo(deps);
const app = createApp(deps).listen({ port: 0, hostname: "127.0.0.1" });
const base = `http://127.0.0.1:${app.server!.port}`;
const login = (await (await fetch(`${base}/api/users/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "emma.petit", password: "planify-demo" }),
})).json()) as { token: string };
const auth = () => ({ headers: { authorization: `Bearer ${login.token}` } });

const baseline = await load(`http://127.0.0.1:${bare.port}/`, () => ({}));
const cases: [string, string, () => RequestInit][] = [
  ["GET /api/health", "/api/health", () => ({})],
  ["GET /api/popups/for-me (session)", "/api/popups/for-me", auth],
];
console.log(`bare Bun server: ${baseline.rps.toFixed(0)} req/s, p95 ${baseline.p95.toFixed(1)} ms (concurrency ${concurrency}, ${seconds} s)`);
for (const [name, path, init] of cases) {
  const r = await load(base + path, init);
  console.log(`${name}: ${(r.rps / baseline.rps).toFixed(2)}× bare (${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms)`);
}
bare.stop(true);
app.stop();
handle.close();
rmSync(dir, { recursive: true, force: true });
