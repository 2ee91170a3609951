import { afterAll, beforeAll, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cleanEnv, ensureWebAssetMap, MAIN, postJson, startServer, type RunningServer } from "./process";
import { describePg, usePgCluster } from "./pg/suite";
import { DEMO_PASSWORD } from "../src/demo/accounts";

// The demo school moved from SQLite to PostgreSQL by `planify-server migrate` (the compiled
// binary when it has been built, else the same server from source): the source file untouched,
// then the server on PostgreSQL answers every GET of the API as the SQLite server did, to the
// same sessions (tokens signed before the move).
const BINARY = join(process.env.PLANIFY_DIST_DIR ?? join(fileURLToPath(new URL("../..", import.meta.url)), "dist"), "planify-server");
const command = () => (existsSync(BINARY) ? [BINARY] : [process.execPath, MAIN]);

const dirs: string[] = [];
const running: RunningServer[] = [];
beforeAll(() => {
  if (!existsSync(BINARY)) ensureWebAssetMap();
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), "planify-migrate-"));
  dirs.push(d);
  return d;
};

async function run(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([...command(), ...args], { env: cleanEnv(env), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

async function serve(dir: string, env: Record<string, string> = {}) {
  const s = await startServer(dir, { PLANIFY_ADMIN_PASSWORD: "admin-migrate-2026", ...env }, 60_000, command());
  running.push(s);
  return s;
}

const ACCOUNTS = ["claire.admin", "m.durand", "lea.martin", "emma.petit"];

/**
 * GETs left out: health names the engine; the OpenAPI document describes the code, not the
 * school; the data export is allowed once in a while (its throttle, carried over by the move,
 * answers 429 the second time).
 */
const SKIPPED = new Set(["/api/health", "/api/openapi.json", "/api/privacy/me/export"]);

/** Every GET of the API without a path parameter, as OpenAPI lists them. */
async function getPaths(url: string): Promise<string[]> {
  const doc = (await (await fetch(`${url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path, ops]) => ops.get && !path.includes("{") && !SKIPPED.has(path))
    .map(([path]) => path)
    .sort();
}

/** Fields that move by themselves between two reads: a request's id, the disk's free space. */
const VOLATILE = new Set(["requestId", "freeBytes", "timeUntilReset"]);
function scrub(value: unknown): unknown {
  // Addresses name the server's own port, another one for each process.
  if (typeof value === "string") return value.replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:PORT");
  if (Array.isArray(value)) return value.map(scrub);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !VOLATILE.has(k))
      .map(([k, v]) => [k, scrub(v)]),
  );
}

/** The paths where two JSON values differ, with both values (a short account of a difference). */
function leafDiffs(a: unknown, b: unknown, at = ""): string[] {
  if (Bun.deepEquals(a, b)) return [];
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => leafDiffs((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`));
  }
  return [`${at}: ${JSON.stringify(a)?.slice(0, 80)} → ${JSON.stringify(b)?.slice(0, 80)}`];
}

/** What every account reads at every GET: status and, for JSON, the body (request ids left out). */
async function readAll(url: string, tokens: Record<string, string>, paths: string[]) {
  const out: Record<string, unknown> = {};
  for (const [who, token] of Object.entries(tokens)) {
    for (const path of paths) {
      const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const json = res.headers.get("content-type")?.includes("json");
      // Other answers (the calendar feed, files) count by their status; their bytes are read to the end.
      const body = json ? ((await res.json()) as Record<string, unknown>) : await res.arrayBuffer().then(() => null);
      out[`${who} ${path}`] = { status: res.status, body: scrub(body) };
    }
  }
  return out;
}

const fingerprint = (file: string) => ({
  sha256: new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex"),
  mtime: statSync(file).mtimeMs,
});

describePg("planify-server migrate: the demo school from SQLite to PostgreSQL", { timeout: 300_000 }, () => {
  const cluster = usePgCluster();

  it("moves every row, leaves the SQLite file as it was, and the server on PostgreSQL answers every GET the same", async () => {
    const dir = newDir();
    const sqliteServer = await serve(dir, { PLANIFY_DEMO: "1" });
    const tokens: Record<string, string> = {};
    for (const username of ACCOUNTS) {
      const login = await postJson(`${sqliteServer.url}/api/users/login`, { username, password: DEMO_PASSWORD });
      expect([username, login.status]).toEqual([username, 200]);
      tokens[username] = String(login.json?.token);
    }
    const paths = await getPaths(sqliteServer.url);
    expect(paths.length).toBeGreaterThan(30);
    const before = await readAll(sqliteServer.url, tokens, paths);
    expect(await sqliteServer.stop("SIGTERM")).toBe(0);

    const db = join(dir, "planify.db");
    const source = fingerprint(db);
    const url = await cluster().createDatabase({ empty: true });
    const moved = await run(["migrate", "--to", url, "--data-dir", dir]);
    expect(moved.stderr).toBe("");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain("École migrée vers PostgreSQL postgres://postgres@127.0.0.1:");
    expect(moved.stdout).toMatch(/\d+ tables, \d+ lignes copiées et recomptées/);
    expect(moved.stdout).toMatch(/\d+ fichiers vérifiés \([\d,]+ Mo, SHA-256 relu\)/);
    expect(moved.stdout).toContain(`La base SQLite ${db} n'a pas été modifiée.`);
    expect(fingerprint(db)).toEqual(source);

    const pgServer = await serve(dir, { DATABASE_URL: url });
    const after = await readAll(pgServer.url, tokens, paths);
    if (process.env.MIGRATE_DEBUG) console.log(pgServer.output());
    const differing = Object.keys(before).filter((key) => !Bun.deepEquals(after[key], before[key]));
    expect(differing.map((key) => [key, leafDiffs(before[key], after[key])])).toEqual([]);
    expect(Object.keys(after)).toEqual(Object.keys(before));

    // backup on PostgreSQL (while the server runs), then restore into another empty database and
    // folder: a server there answers the same again, to the same sessions.
    const archive = join(newDir(), "ecole.tar");
    const saved = await run(["backup", archive, "--data-dir", dir], { DATABASE_URL: url });
    expect([saved.code, saved.stderr]).toEqual([0, ""]);
    expect(saved.stdout).toContain(`Sauvegarde écrite : ${archive}`);
    expect(await pgServer.stop("SIGTERM")).toBe(0);
    const url2 = await cluster().createDatabase({ empty: true });
    const dir2 = newDir();
    const restored = await run(["restore", archive, "--data-dir", dir2], { DATABASE_URL: url2 });
    expect([restored.code, restored.stderr]).toEqual([0, ""]);
    expect(restored.stdout).toContain("restaurée dans la base PostgreSQL postgres://postgres@127.0.0.1:");
    const restoredServer = await serve(dir2, { DATABASE_URL: url2 });
    const again2 = await readAll(restoredServer.url, tokens, paths);
    expect(Object.keys(before).filter((key) => !Bun.deepEquals(again2[key], before[key]))).toEqual([]);
    expect(await restoredServer.stop("SIGTERM")).toBe(0);

    // A second move into the same database is refused: it holds a school now.
    const again = await run(["migrate", "--to", url, "--data-dir", dir]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("Migration impossible : la base PostgreSQL postgres://postgres@127.0.0.1:");
    expect(again.stderr).toContain("contient déjà une école (");
    expect(again.stderr).toContain("Aucune donnée n'a été écrite dans PostgreSQL");
    expect(fingerprint(db)).toEqual(source);
  });

  it("refuses while the server runs on the folder, object storage for now, and a missing --to", async () => {
    const dir = newDir();
    const s = await serve(dir);
    const url = await cluster().createDatabase({ empty: true });
    const busy = await run(["migrate", "--to", url, "--data-dir", dir]);
    expect(busy.code).not.toBe(0);
    expect(busy.stderr).toContain(`Le serveur utilise ce dossier (PID ${s.pid}) : arrêtez-le avant de migrer.`);
    expect(await s.stop("SIGTERM")).toBe(0);
    const s3 = await run(["migrate", "--to", url, "--files", "s3", "--data-dir", dir]);
    expect([s3.code, s3.stderr]).toEqual([1, expect.stringContaining("--files s3 : pas encore disponible")]);
    const noTarget = await run(["migrate", "--data-dir", dir]);
    expect([noTarget.code, noTarget.stderr]).toEqual([2, expect.stringContaining("indiquez la base PostgreSQL de destination avec --to")]);
    // Nothing was written by the refusals: the database is still empty (not even migrated).
    const empty = await run(["migrate", "--to", url, "--data-dir", dir]);
    expect(empty.stderr).toBe("");
    expect(empty.code).toBe(0);
  });
});
