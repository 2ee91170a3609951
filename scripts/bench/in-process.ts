// The table's calls timed inside one Bun process, app.handle() with no socket: the server's own
// cost per request, with far less noise than a load generator on a shared 2-core machine.
// Run by `npm run bench -- --only in-process [--against DIR]`, this file is started once per
// checkout (its server source is imported from the root given as first argument) and prints
// one JSON line: the best of 6 rounds of each call, in µs.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = process.argv[2]!;
const rounds = 6;
const perRound = Number(process.argv[3] ?? 10_000);

const { openDatabase } = await import(join(root, "server/src/db/client.ts"));
const { createApp } = await import(join(root, "server/src/app.ts"));
const { createUser } = await import(join(root, "server/src/features/users/service.ts"));
// Files on disk, for the checkouts that have the storage module (issue 27); older ones read uploadsDir.
const storageModule = join(root, "server/src/lib/storage/index.ts");
const diskStorage = existsSync(storageModule)
  ? ((await import(storageModule)) as { diskStorage: (dir: string) => unknown }).diskStorage
  : null;

const handle = openDatabase(":memory:");
const uploadsDir = mkdtempSync(join(tmpdir(), "planify-in-process-"));
const deps = {
  db: handle.db,
  // The data layer as either checkout knows it: the engine (since the async layer), the SQLite handle before.
  engine: handle.engine,
  sqlite: handle.sqlite,
  settings: { trustProxy: false, maxUploadBytes: 25 << 20, publicUrl: null, contactTo: null, version: "bench" },
  jwtKey: new TextEncoder().encode("bench-secret-bench-secret-bench-secret-0123"),
  uploadsDir,
  storage: diskStorage?.(uploadsDir),
  now: () => Date.parse("2026-11-16T09:00:00.000Z"),
  mailer: null,
  log: () => {},
  instanceId: "bench",
};
const app = createApp(deps, {});
const call = (method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.handle(
    new Request(`http://localhost${url}`, {
      method,
      headers: {
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }),
  ) as Promise<Response>;

async function signIn(role: string, username: string, extra: Record<string, string> = {}): Promise<string> {
  const password = "bench-mot-de-passe-2026";
  await createUser(deps, { username, password, role, ...extra });
  const res = await call("POST", "/api/users/login", undefined, { username, password });
  return ((await res.json()) as { token: string }).token;
}

const admin = await signIn("admin", "bench.admin");
const prof = await signIn("prof", "bench.prof");
const student = await signIn("eleve", "bench.eleve", { year: "BUT1", groupe: "A", specialite: "devweb" });
const studentId = (handle.sqlite.query("SELECT id FROM users WHERE username = 'bench.eleve'").get() as { id: string }).id;
for (let i = 0; i < 70; i++) {
  const res = await call("POST", "/api/events", prof, {
    titre: `Devoir ${i}`,
    type: "devoir",
    matiere: "Développement web",
    date: `2026-11-2${i % 9}`,
    heure: "18:00",
    description: "<p>Rendre la <strong>maquette</strong> du portfolio, avec les consignes du cours.</p>",
    groupes: ["A"],
    groupe: "A",
    year: "BUT1",
  });
  if (res.status !== 201) throw new Error(`task ${i}: ${res.status} ${await res.text()}`);
}
const etag = (await call("GET", "/api/events", student)).headers.get("etag") ?? "";
const br = { "accept-encoding": "br, gzip" };
let coins = 100;
const calls: [string, () => Promise<Response>][] = [
  ["GET /api/health", () => call("GET", "/api/health")],
  ["GET /api/coins/user-coins", () => call("GET", "/api/coins/user-coins", student)],
  ["GET /api/events (BUT1 student)", () => call("GET", "/api/events", student, undefined, br)],
  ["GET /api/events, If-None-Match → 304", () => call("GET", "/api/events", student, undefined, { "if-none-match": etag })],
  [
    "POST /api/users-admin update-coins",
    () => call("POST", "/api/users-admin/", admin, { action: "update-coins", userId: studentId, coins: ++coins }),
  ],
  ["GET /api/users/leaderboard", () => call("GET", "/api/users/leaderboard", student, undefined, br)],
  ["GET /api/factions/leaderboard", () => call("GET", "/api/factions/leaderboard", student, undefined, br)],
];
const best: Record<string, number> = {};
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of calls) {
    const n = name.startsWith("POST") ? perRound / 10 : perRound;
    for (let i = 0; i < n / 20; i++) await (await run()).arrayBuffer();
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      const res = await run();
      if (res.status >= 400) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, ((performance.now() - t) * 1000) / n);
  }
}
handle.close();
rmSync(uploadsDir, { recursive: true, force: true });
console.log(JSON.stringify(best));
