import { afterAll, beforeAll, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cleanEnv, ensureWebAssetMap, MAIN, postJson, startServer, type RunningServer } from "./process";
import { describePg, usePgCluster } from "./pg/suite";
import { DEMO_PASSWORD } from "../src/demo/accounts";
import { parisDate } from "@planify/common/time/paris-time";
import { listFiles, taskBody } from "../src/features/tasks/test-support";
import { readTar } from "../src/backup/tar";
import { startTestS3, type TestS3 } from "./s3/server";

// The demo school moved from SQLite to PostgreSQL by `planify-server migrate` (the compiled
// binary when it has been built, else the same server from source): the source file untouched,
// then the server on PostgreSQL answers every GET of the API as the SQLite server did, to the
// same sessions (tokens signed before the move).
const BINARY = join(process.env.PLANIFY_DIST_DIR ?? join(fileURLToPath(new URL("../..", import.meta.url)), "dist"), "planify-server");
const command = () => (existsSync(BINARY) ? [BINARY] : [process.execPath, MAIN]);

const dirs: string[] = [];
const running: RunningServer[] = [];
let s3: TestS3;
beforeAll(async () => {
  if (!existsSync(BINARY)) ensureWebAssetMap();
  s3 = await startTestS3();
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  await s3?.stop();
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
 * GETs left out: health (and its readiness alias) names the engine; the OpenAPI document describes the code, not the
 * school; the data export is allowed once in a while (its throttle, carried over by the move,
 * answers 429 the second time); the live stream never ends (its events are not part of the move).
 */
const SKIPPED = new Set(["/api/health", "/api/health/ready", "/api/openapi.json", "/api/privacy/me/export", "/api/live"]);

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

/** The demo school on SQLite (files on disk), its accounts signed in, and what each of them reads at every GET. */
async function demoSchool(before?: (url: string, tokens: Record<string, string>) => Promise<void>) {
  const dir = newDir();
  const server = await serve(dir, { PLANIFY_DEMO: "1" });
  const tokens: Record<string, string> = {};
  for (const username of ACCOUNTS) {
    const login = await postJson(`${server.url}/api/users/login`, { username, password: DEMO_PASSWORD });
    expect([username, login.status]).toEqual([username, 200]);
    tokens[username] = String(login.json?.token);
  }
  // The first read of the day's quests draws them and pays « Se connecter » (a GET that writes,
  // as the original's): done once before, so every read after it, before and after the move, is the same.
  for (const token of Object.values(tokens)) {
    const quests = await fetch(`${server.url}/api/quests/daily`, { headers: { authorization: `Bearer ${token}` } });
    expect(quests.status).toBe(200);
  }
  await before?.(server.url, tokens);
  const paths = await getPaths(server.url);
  expect(paths.length).toBeGreaterThan(30);
  const reads = await readAll(server.url, tokens, paths);
  expect(await server.stop("SIGTERM")).toBe(0);
  return { dir, tokens, paths, reads };
}

const sha = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

const fingerprint = (file: string) => ({
  sha256: new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex"),
  mtime: statSync(file).mtimeMs,
});

describePg("planify-server migrate: the demo school from SQLite to PostgreSQL", { timeout: 300_000 }, () => {
  const cluster = usePgCluster();

  it("moves every row, leaves the SQLite file as it was, and the server on PostgreSQL answers every GET the same", async () => {
    const { dir, tokens, paths, reads: before } = await demoSchool();

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

  it("refuses while the server runs on the folder, --files s3 without a bucket, and a missing --to", async () => {
    const dir = newDir();
    const s = await serve(dir);
    const url = await cluster().createDatabase({ empty: true });
    const busy = await run(["migrate", "--to", url, "--data-dir", dir]);
    expect(busy.code).not.toBe(0);
    expect(busy.stderr).toContain(`Le serveur utilise ce dossier (PID ${s.pid}) : arrêtez-le avant de migrer.`);
    expect(await s.stop("SIGTERM")).toBe(0);
    const noBucket = await run(["migrate", "--to", url, "--files", "s3", "--data-dir", dir]);
    expect([noBucket.code, noBucket.stderr]).toEqual([
      1,
      expect.stringContaining("Migration impossible : --files s3 : aucun compartiment n'est configuré. Donnez S3_BUCKET"),
    ]);
    const absent = await run(["migrate", "--to", url, "--files", "s3", "--data-dir", dir], { ...s3.env, S3_BUCKET: "absent" });
    expect([absent.code, absent.stderr]).toEqual([
      1,
      expect.stringContaining(`Migration impossible : le stockage objet est injoignable (compartiment « absent » sur ${s3.endpoint})`),
    ]);
    const noTarget = await run(["migrate", "--data-dir", dir]);
    expect([noTarget.code, noTarget.stderr]).toEqual([2, expect.stringContaining("indiquez la base PostgreSQL de destination avec --to")]);
    // Without --to only the files go to the bucket (this school has none yet); the SQLite file stays.
    const filesOnly = await run(["migrate", "--files", "s3", "--data-dir", dir], s3.env);
    expect([filesOnly.code, filesOnly.stderr]).toEqual([0, ""]);
    expect(filesOnly.stdout).toMatch(
      /^Fichiers copiés dans le compartiment S3 « planify-test » en [\d,]+ s : 0 fichier vérifié \(0,0 Mo, SHA-256 relu dans le compartiment\)\./,
    );
    expect(filesOnly.stdout).toContain(`L'école reste sur ${join(dir, "planify.db")}, qui n'a pas été modifiée.`);
    // Nothing was written by the refusals: the database is still empty (not even migrated).
    const empty = await run(["migrate", "--to", url, "--data-dir", dir]);
    expect(empty.stderr).toBe("");
    expect(empty.code).toBe(0);
  });
  it("--files s3: the demo school moved to PostgreSQL and the bucket answers every GET the same, its hand-in byte for byte, and backs up and restores there", async () => {
    // A hand-in of 3 MB (more than one chunk each way) by Léa, on a task of M. Durand's.
    const handIn = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 31 + 11) % 251);
    handIn.set(new TextEncoder().encode("%PDF-1.4\n"));
    let download = "";
    let key = "";
    const {
      dir,
      tokens,
      paths,
      reads: before,
    } = await demoSchool(async (url, t) => {
      const body = taskBody({ date: parisDate(Date.now() + 7 * 86_400_000), submissionEnabled: true });
      const created = await postJson(`${url}/api/events`, body, t["m.durand"]);
      expect(created.status).toBe(201);
      const taskId = (created.json!.event as { id: string }).id;
      const form = new FormData();
      form.append("files", new File([handIn], "rapport final.pdf"));
      const headers = { authorization: `Bearer ${t["lea.martin"]}` };
      const deposit = await fetch(`${url}/api/events/${taskId}/submissions`, { method: "POST", headers, body: form });
      expect(deposit.status).toBe(201);
      const filename = ((await deposit.json()) as { files: { filename: string }[] }).files[0]!.filename;
      download = `/api/events/${taskId}/submissions/files/${filename}/download`;
      key = `submissions/${taskId}/${filename}`;
    });
    const handInBytes = async (url: string) => {
      const res = await fetch(`${url}${download}`, { headers: { authorization: `Bearer ${tokens["lea.martin"]}` } });
      expect(res.status).toBe(200);
      return sha(new Uint8Array(await res.arrayBuffer()));
    };
    const db = join(dir, "planify.db");
    const source = fingerprint(db);
    const uploads = join(dir, "uploads");
    const files = listFiles(uploads);
    expect(files.length).toBeGreaterThan(1);

    const url = await cluster().createDatabase({ empty: true });
    const moved = await run(["migrate", "--to", url, "--files", "s3", "--data-dir", dir], s3.env);
    expect([moved.code, moved.stderr]).toEqual([0, ""]);
    expect(moved.stdout).toMatch(/\d+ fichiers vérifiés \([\d,]+ Mo, SHA-256 relu\), copiés dans le compartiment S3 « planify-test »\./);
    expect(moved.stdout).toContain("il lira les fichiers dans le compartiment");
    expect(fingerprint(db)).toEqual(source);
    expect(listFiles(uploads)).toEqual(files);
    // The server on PostgreSQL and the bucket reads nothing from the folder's uploads: they go.
    rmSync(uploads, { recursive: true });

    const server = await serve(dir, { DATABASE_URL: url, ...s3.env });
    const after = await readAll(server.url, tokens, paths);
    expect(Object.keys(before).filter((key) => !Bun.deepEquals(after[key], before[key]))).toEqual([]);
    expect(await handInBytes(server.url)).toBe(sha(handIn));
    expect(listFiles(uploads)).toEqual([]);

    // A backup while it runs holds the bucket's hand-in byte for byte; restored into another
    // database (the same bucket), the school answers the same and gives the hand-in back.
    const archive = join(newDir(), "ecole-s3.tar");
    const saved = await run(["backup", archive, "--data-dir", dir], { DATABASE_URL: url, ...s3.env });
    expect([saved.code, saved.stderr]).toEqual([0, ""]);
    expect(await server.stop("SIGTERM")).toBe(0);
    const inArchive = new Map<string, string>();
    await readTar(
      archive,
      async () => null,
      (entry, written) => void inArchive.set(entry.name, written.sha256),
    );
    expect([...inArchive.keys()].filter((name) => name.startsWith("uploads/")).sort()).toEqual(files.map((f) => `uploads/${f}`).sort());
    expect(inArchive.get(`uploads/${key}`)).toBe(sha(handIn));

    const url2 = await cluster().createDatabase({ empty: true });
    const dir2 = newDir();
    const restored = await run(["restore", archive, "--data-dir", dir2], { DATABASE_URL: url2, ...s3.env });
    expect([restored.code, restored.stderr]).toEqual([0, ""]);
    expect(restored.stdout).toContain(`(fichiers dans le compartiment S3 « planify-test »)`);
    expect(restored.stdout).toContain(`${files.length} fichiers écrits dans le compartiment ; 0 autre fichier du compartiment copié`);
    const again = await serve(dir2, { DATABASE_URL: url2, ...s3.env });
    const reads2 = await readAll(again.url, tokens, paths);
    expect(Object.keys(before).filter((key) => !Bun.deepEquals(reads2[key], before[key]))).toEqual([]);
    expect(await handInBytes(again.url)).toBe(sha(handIn));
    expect(await again.stop("SIGTERM")).toBe(0);
  });
});
