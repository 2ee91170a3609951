import { afterAll, describe, expect, it } from "vitest";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { MIGRATIONS } from "../db/embedded-migrations";
import { applyMigrations } from "../db/migrate";
import { startScheduler } from "../scheduler";
import { backupBeforeMigrations, nightlyBackupJob } from "./automatic";
import { scheduledName } from "./schedule";
import { fakeClock } from "./test-support";
import { verifyArchive } from "./verify";

const root = mkdtempSync(join(tmpdir(), "planify-auto-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const VERSION = "0.1.0";
/** This binary plus one migration: what the next version would bring. */
const NEXT = [...MIGRATIONS, { tag: "9999_prochaine", sql: "CREATE TABLE prochaine (x integer)" }];

function dataDir(name: string, extraTag?: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const handle = openDatabase(join(dir, "planify.db"));
  if (extraTag) handle.sqlite.query("INSERT INTO __planify_migrations (tag, applied_at) VALUES (?, 'x')").run(extraTag);
  handle.close();
  return dir;
}

function logger() {
  const lines: string[] = [];
  return { lines, log: (level: string, message: string) => void lines.push(`${level} ${message}`) };
}

describe("backup before migrations", () => {
  it("an existing database with pending migrations is backed up first, into <data>/backups", async () => {
    const dir = dataDir("a-migrer");
    const { lines, log } = logger();
    const file = await backupBeforeMigrations({ dataDir: dir, backupDir: null, version: VERSION, secretFromEnv: false, log }, NEXT, () =>
      Date.parse("2026-11-23T20:00:00Z"),
    );
    expect(file).toBe(join(dir, "backups", "planify-avant-migration-20261123T200000Z.tar"));
    expect((await verifyArchive(file!, VERSION)).schema.migrations).toEqual(MIGRATIONS.map((m) => m.tag));
    expect(lines).toEqual([
      "info Sauvegarde avant migration (9999_prochaine) en cours…",
      expect.stringMatching(/^info Sauvegarde avant migration écrite : .*planify-avant-migration-20261123T200000Z\.tar \(\d+,\d Mo\)$/),
    ]);
  });

  it("goes to PLANIFY_BACKUP_DIR when set", async () => {
    const dir = dataDir("a-migrer-2");
    const backups = join(root, "ailleurs");
    const file = await backupBeforeMigrations(
      { dataDir: dir, backupDir: backups, version: VERSION, secretFromEnv: false, log: () => {} },
      NEXT,
    );
    expect(readdirSync(backups)).toEqual([file!.slice(backups.length + 1)]);
  });

  it("nothing to do on a new folder or an up-to-date database", async () => {
    const fresh = join(root, "neuf");
    mkdirSync(fresh);
    const upToDate = dataDir("a-jour");
    for (const dir of [fresh, upToDate]) {
      expect(
        await backupBeforeMigrations({ dataDir: dir, backupDir: null, version: VERSION, secretFromEnv: false, log: () => {} }),
      ).toBeNull();
      expect(existsSync(join(dir, "backups"))).toBe(false);
    }
  });

  it("a database written by a newer version is refused, in French, before anything", async () => {
    const dir = dataDir("future", "9999_futur");
    await expect(
      backupBeforeMigrations({ dataDir: dir, backupDir: null, version: VERSION, secretFromEnv: false, log: () => {} }),
    ).rejects.toThrow(
      "Cette base a été écrite par une version plus récente de Planify (migration 9999_futur inconnue de la version 0.1.0).",
    );
    expect(existsSync(join(dir, "backups"))).toBe(false);
    // Opening it directly is refused too.
    const db = new Database(join(dir, "planify.db"));
    expect(() => applyMigrations(db, VERSION)).toThrow(/version plus récente de Planify/);
    db.close();
  });
});

describe("nightly backups", () => {
  it("write an archive at 03:30 Paris, prune by retention and log in French", async () => {
    const dir = dataDir("nuit");
    const backups = join(root, "nuit-sauvegardes");
    mkdirSync(backups);
    // Ten older nightly backups and a manual one: retention keeps 7 days + older weeks.
    for (let d = 1; d <= 10; d++)
      writeFileSync(join(backups, scheduledName(Date.parse(`2026-11-${String(d).padStart(2, "0")}T02:30:00Z`))), "ancienne");
    writeFileSync(join(backups, "manuelle.tar"), "x");
    const fake = fakeClock(Date.parse("2026-11-22T12:00:00Z"));
    const { lines, log } = logger();
    const job = nightlyBackupJob({ dataDir: dir, backupDir: backups, version: VERSION, secretFromEnv: false, log }, fake.clock);
    const schedule = startScheduler([job], log, fake.clock);
    expect(lines).toEqual([`info Sauvegardes nocturnes activées dans ${backups} ; prochaine : 23/11/2026 03:30 (heure de Paris)`]);
    await fake.set(Date.parse("2026-11-23T02:30:00Z"));
    for (let i = 0; i < 200 && !lines.some((l) => l.startsWith("info Prochaine")); i++) await Bun.sleep(10);
    schedule.stop();
    const tonight = scheduledName(Date.parse("2026-11-23T02:30:00Z"));
    expect(lines[1]).toMatch(new RegExp(`^info Sauvegarde nocturne écrite : .*${tonight} \\(\\d+,\\d Mo, 1 fichier\\)$`));
    expect(lines[2]).toMatch(/^info Anciennes sauvegardes supprimées \(7 jours, 4 semaines gardés\) : planify-auto-/);
    expect(lines[3]).toBe("info Prochaine sauvegarde : 24/11/2026 03:30 (heure de Paris)");
    await verifyArchive(join(backups, tonight), VERSION);
    // Kept: tonight and 5–10 Nov (7 days), plus 8 and 1 Nov (newest of their ISO weeks); 2–4 Nov go.
    const left = readdirSync(backups).sort();
    expect(left).toContain("manuelle.tar");
    const day = (d: number) => scheduledName(Date.parse(`2026-11-${String(d).padStart(2, "0")}T02:30:00Z`));
    expect(left).toEqual(["manuelle.tar", ...[1, 5, 6, 7, 8, 9, 10, 23].map(day)].sort());
  });

  it("a failed night is logged as an error and the next one is still planned", async () => {
    const fake = fakeClock(Date.parse("2026-11-22T12:00:00Z"));
    const { lines, log } = logger();
    const job = nightlyBackupJob(
      { dataDir: join(root, "sans-base"), backupDir: join(root, "sans-base-sauvegardes"), version: VERSION, secretFromEnv: false, log },
      fake.clock,
    );
    const schedule = startScheduler([job], log, fake.clock);
    await fake.set(Date.parse("2026-11-23T02:30:00Z"));
    for (let i = 0; i < 200 && lines.length < 4; i++) await Bun.sleep(10);
    schedule.stop();
    expect(lines[1]).toMatch(/^error Sauvegarde nocturne impossible : Aucune base trouvée/);
    expect(lines[2]).toBe("info Prochaine sauvegarde : 24/11/2026 03:30 (heure de Paris)");
    // Thrown on to the scheduler, which records the failure (and, claimed across nodes, tries it again).
    expect(lines[3]).toMatch(/^error Tâche planifiée « nightly-backup » en échec : Aucune base trouvée/);
  });

  it("a night taken over after a crash that came once its archive was written keeps that archive", async () => {
    const dir = dataDir("nuit-reprise");
    const backups = join(root, "nuit-reprise-sauvegardes");
    const fake = fakeClock(Date.parse("2026-11-23T02:31:00Z"));
    const { lines, log } = logger();
    const job = nightlyBackupJob({ dataDir: dir, backupDir: backups, version: VERSION, secretFromEnv: false, log }, fake.clock);
    const due = Date.parse("2026-11-23T02:30:00Z");
    await job.run(due);
    const written = readdirSync(backups);
    await job.run(due);
    expect(readdirSync(backups)).toEqual(written);
    expect(lines.slice(-2)).toEqual([
      `info Sauvegarde nocturne déjà écrite : ${join(backups, scheduledName(due))}`,
      "info Prochaine sauvegarde : 24/11/2026 03:30 (heure de Paris)",
    ]);
  });
});
