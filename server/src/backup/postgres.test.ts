import { afterAll, beforeAll, expect, it } from "vitest";
import { diskStorage } from "../lib/storage/disk";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { SQL } from "bun";
import { openDatabase } from "../db/client";
import { chosenEngine } from "../db/engine-choice";
import { openPostgres } from "../db/postgres";
import { seedDemo } from "../demo/seed";
import type { AppDeps } from "../deps";
import type { Engine } from "../db/engine";
import type { Db } from "../db/client";
import { migrateSchool } from "../migrate/school";
import { describePg, usePgCluster } from "../../test/pg/suite";
import { createBackup } from "./create";
import { inspectDatabase } from "./manifest";
import { restoreBackup } from "./restore";
import { startScheduler } from "../scheduler";
import { nightlyBackupJob } from "./automatic";
import { scheduledName } from "./schedule";
import { fakeClock } from "./test-support";
import { verifyArchive } from "./verify";

// Backup and restore when the school lives in PostgreSQL: the same archive as on SQLite (a SQLite
// file and the files), portable both ways. Runs in both projects: on SQLite the features' tables
// are SQLite's (files read from the snapshot file), on server-pg PostgreSQL's (read in the snapshot).
const root = mkdtempSync(join(tmpdir(), "planify-pg-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const depsOf = (db: Db, engine: Engine, uploadsDir: string) =>
  ({
    db,
    engine,
    settings: { trustProxy: false, maxUploadBytes: 1 << 20, publicUrl: null, contactTo: null, version: "test" },
    jwtKey: new TextEncoder().encode("pg-backup-secret-pg-backup-secret-0123"),
    uploadsDir,
    storage: diskStorage(uploadsDir),
    now: Date.now,
    mailer: null,
    log: () => {},
    instanceId: "pg-backup-test",
  }) as AppDeps;

/** Every file under a folder, relative path → bytes as hex digest. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[relative(dir, p)] = new Bun.CryptoHasher("sha256").update(readFileSync(p)).digest("hex");
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

async function pgCounts(url: string, tables: string[]): Promise<Record<string, number>> {
  const client = new SQL({ url, max: 1 });
  try {
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((await client.unsafe(`SELECT COUNT(*)::int AS n FROM "${t}"`))[0].n);
    return out;
  } finally {
    await client.close();
  }
}

describePg("backup and restore on PostgreSQL", { timeout: 180_000 }, () => {
  const cluster = usePgCluster();
  const dataDir = join(root, "ecole");
  let url = "";
  let expected: Record<string, number> = {};

  beforeAll(async () => {
    url = await cluster().createDatabase({ empty: true });
    mkdirSync(dataDir, { recursive: true });
    const uploads = join(dataDir, "uploads");
    if (chosenEngine() === "postgres") {
      const pg = await openPostgres({ url, poolMax: 2 });
      await seedDemo(depsOf(pg.db, pg.engine, uploads));
      await pg.close();
    } else {
      const handle = openDatabase(join(dataDir, "planify.db"));
      await seedDemo(depsOf(handle.db, handle.engine, uploads));
      handle.close();
      await migrateSchool({ dataDir, to: url, files: "disque", version: "test" });
      rmSync(join(dataDir, "planify.db"));
    }
  }, 180_000);

  it("archives one snapshot of every table and the files its rows point to, in the archive SQLite restores", async () => {
    const file = join(root, "pg.tar");
    const { manifest } = await createBackup({ dataDir, target: file, version: "test", databaseUrl: url });
    expected = Object.fromEntries(Object.entries(manifest.counts).filter(([t]) => !t.startsWith("__")));
    expect(await pgCounts(url, Object.keys(expected))).toEqual(expected);
    expect(expected.users).toBeGreaterThan(5);
    const uploads = tree(join(dataDir, "uploads"));
    expect(Object.keys(uploads).length).toBeGreaterThan(0);
    expect(manifest.files.filter((f) => f.path.startsWith("uploads/")).map((f) => [f.path.slice(8), f.sha256])).toEqual(
      Object.entries(uploads).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    expect(manifest.missing).toEqual([]);

    // Portable: the same archive restored onto SQLite gives the same rows and files.
    const onSqlite = join(root, "sur-sqlite");
    await restoreBackup(file, onSqlite, "test");
    const facts = inspectDatabase(join(onSqlite, "planify.db"), "test");
    for (const [t, n] of Object.entries(expected)) expect([t, facts.counts[t]]).toEqual([t, n]);
    expect(tree(join(onSqlite, "uploads"))).toEqual(uploads);
  });

  it("restores an archive into PostgreSQL in one transaction, keeping the school it replaces", async () => {
    const file = join(root, "pg-restore.tar");
    await createBackup({ dataDir, target: file, version: "test", databaseUrl: url });
    // Into an empty database: every row arrives, the files go to the folder.
    const fresh = await cluster().createDatabase({ empty: true });
    const otherDir = join(root, "autre");
    const first = await restoreBackup(file, otherDir, "test", new Date("2026-11-20T10:00:00Z"), fresh);
    expect(first.keptDir).toBeNull();
    expect(await pgCounts(fresh, Object.keys(expected))).toEqual(expected);
    expect(tree(join(otherDir, "uploads"))).toEqual(tree(join(dataDir, "uploads")));
    expect(existsSync(join(otherDir, "planify.db"))).toBe(false);

    // Into a database holding a school: it is kept aside as a SQLite file with the folder's files.
    const client = new SQL({ url: fresh, max: 1 });
    await client`DELETE FROM coin_ledger WHERE id IN (SELECT id FROM coin_ledger ORDER BY id LIMIT 3)`;
    await client.close();
    const second = await restoreBackup(file, otherDir, "test", new Date("2026-11-21T10:00:00Z"), fresh);
    expect(second.keptDir).toBe(join(otherDir, "avant-restauration-2026-11-21T10-00-00-000Z"));
    const kept = inspectDatabase(join(second.keptDir!, "planify.db"), "test").counts;
    expect(kept.coin_ledger).toBe(expected.coin_ledger! - 3);
    expect(existsSync(join(second.keptDir!, "uploads"))).toBe(true);
    expect(await pgCounts(fresh, Object.keys(expected))).toEqual(expected);
  });

  it("writes the nightly archive from PostgreSQL at 03:30 Paris", async () => {
    const backups = join(root, "nuit");
    const fake = fakeClock(Date.parse("2026-11-22T12:00:00Z"));
    const lines: string[] = [];
    const log = (level: string, message: string) => void lines.push(`${level} ${message}`);
    const job = nightlyBackupJob({ dataDir, backupDir: backups, version: "test", secretFromEnv: false, databaseUrl: url, log }, fake.clock);
    const schedule = startScheduler([job], log, fake.clock);
    await fake.set(Date.parse("2026-11-23T02:30:00Z"));
    for (let i = 0; i < 500 && !lines.some((l) => l.startsWith("info Prochaine")); i++) await Bun.sleep(10);
    schedule.stop();
    const tonight = join(backups, scheduledName(Date.parse("2026-11-23T02:30:00Z")));
    expect(lines[1]).toMatch(/^info Sauvegarde nocturne écrite : .* \(\d+,\d Mo, \d+ fichiers\)$/);
    const manifest = await verifyArchive(tonight, "test");
    for (const [t, n] of Object.entries(expected)) expect([t, manifest.counts[t]]).toEqual([t, n]);
  });

  it("refuses an unreachable database in French and changes nothing", async () => {
    const file = join(root, "pg.tar");
    const bad = "postgres://planify:secret@127.0.0.1:1/planify";
    await expect(restoreBackup(file, join(root, "jamais"), "test", new Date(), bad)).rejects.toThrow(
      /^Restauration impossible : la base PostgreSQL postgres:\/\/planify:\*\*\*@127\.0\.0\.1:1\/planify est injoignable/,
    );
    expect(existsSync(join(root, "jamais"))).toBe(false);
    await expect(createBackup({ dataDir, target: join(root, "x.tar"), version: "test", databaseUrl: bad })).rejects.toThrow(
      /^Sauvegarde impossible : la base PostgreSQL .* est injoignable/,
    );
    expect(existsSync(join(root, "x.tar"))).toBe(false);
  });
});
