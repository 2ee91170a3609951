import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { lockDataDir } from "../data-lock";
import { startTestS3, type TestS3 } from "../../test/s3/server";
import { testS3Settings } from "../../test/s3/storage";
import { s3Storage, streamOf, type S3Settings, type Storage } from "../lib/storage";
import { migrateFilesOnly } from "../migrate/files-only";
import { MIGRATIONS } from "../db/embedded-migrations";
import type { AppDeps } from "../deps";
import { backupBeforeRollover } from "../features/rollover/backup-step";
import { startScheduler } from "../scheduler";
import { backupBeforeMigrations, nightlyBackupJob } from "./automatic";
import { createBackup } from "./create";
import { scheduledName } from "./schedule";
import { fakeClock } from "./test-support";
import { restoreBackup } from "./restore";
import { readTar } from "./tar";

// Backups, restores and `migrate --files s3` with the files in a bucket (s3rver, from npm):
// the archive is the same portable tar as on disk, its files streamed from the bucket byte for
// byte; a restore writes them back to the bucket and keeps the bucket's other objects aside;
// the files-only move copies the uploads folder's files to the bucket and leaves the folder as is.
const root = mkdtempSync(join(tmpdir(), "planify-backup-s3-"));
const VERSION = "0.1.0";
const KEY = "submissions/tache-1/AbCdEfGhIjKlMnOpQr12.pdf";
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Settings of a fresh part of the test bucket (each test its own prefix). */
const settings = (): S3Settings => testS3Settings(s3.endpoint);

/** 2.5 MB: more than one chunk each way. */
const HAND_IN = Uint8Array.from({ length: 2_500_000 }, (_, i) => (i * 31 + 7) % 251);
/** Big byte arrays compare by SHA-256 (a failure shows two sums, not 2.5 million lines). */
const sha = (bytes: Uint8Array | undefined) => (bytes ? new Bun.CryptoHasher("sha256").update(bytes).digest("hex") : "absent");
const HAND_IN_SHA = sha(HAND_IN);
const bytesOf = async (storage: Storage, key: string) => new Uint8Array(await new Response(streamOf(storage.body(key))).arrayBuffer());

let n = 0;
/** A stopped server's data folder whose one hand-in row points to KEY; the file itself is the caller's. */
function dataDir(): string {
  const dir = join(root, `ecole-${++n}`);
  mkdirSync(join(dir, "uploads"), { recursive: true });
  const handle = openDatabase(join(dir, "planify.db"));
  handle.sqlite.exec(
    "INSERT INTO tasks (id, titre, type, matiere, date, heure, deadline_at, year, created_at, updated_at) VALUES ('tache-1', 'Rendu', 'devoir', 'Maths', '2026-11-23', '08:00', 0, 'BUT1', 'x', 'x')",
  );
  handle.sqlite.exec(
    `INSERT INTO task_files (stored_name, task_id, kind, original_name, ext, size, created_at) VALUES ('AbCdEfGhIjKlMnOpQr12.pdf', 'tache-1', 'submission', 'rendu.pdf', 'pdf', ${HAND_IN.length}, 0)`,
  );
  handle.close();
  lockDataDir(dir).release();
  writeFileSync(join(dir, "jwt-secret"), "s".repeat(64), { mode: 0o600 });
  return dir;
}

/** Every entry of an archive with its bytes. */
async function entries(file: string): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  let chunks: Uint8Array[] = [];
  await readTar(
    file,
    async () => (c) => void chunks.push(c.slice()),
    (e) => {
      out.set(e.name, Buffer.concat(chunks));
      chunks = [];
    },
  );
  return out;
}

describe("backups with the files in a bucket", { timeout: 60_000 }, () => {
  it("stream the bucket's referenced files into the archive byte for byte, and none from the empty uploads folder", async () => {
    const dir = dataDir();
    const storage = s3Storage(settings());
    await storage.write(KEY, HAND_IN);
    // An object no row points to stays out, as a stray file on disk does.
    await storage.write("submissions/autre/orphelin.pdf", new Uint8Array([1, 2, 3]));
    const file = join(root, `s3-${n}.tar`);
    const { manifest } = await createBackup({ dataDir: dir, target: file, version: VERSION, storage });
    const inside = await entries(file);
    expect([...inside.keys()]).toEqual(["planify.db", "jwt-secret", `uploads/${KEY}`, "manifest.json"]);
    expect(sha(inside.get(`uploads/${KEY}`))).toBe(HAND_IN_SHA);
    expect(manifest.missing).toEqual([]);
    expect(manifest.files.find((f) => f.path === `uploads/${KEY}`)).toEqual({
      path: `uploads/${KEY}`,
      size: HAND_IN.length,
      sha256: HAND_IN_SHA,
    });
  });

  it("name a referenced object gone from the bucket as missing rather than failing", async () => {
    const dir = dataDir();
    const file = join(root, `s3-absent-${n}.tar`);
    const { manifest } = await createBackup({ dataDir: dir, target: file, version: VERSION, storage: s3Storage(settings()) });
    expect(manifest.missing).toEqual([KEY]);
    expect([...(await entries(file)).keys()]).toEqual(["planify.db", "jwt-secret", "manifest.json"]);
  });

  it("restore writes the archive's files to the bucket and keeps the bucket's other objects aside, deleting none", async () => {
    // The archive: the hand-in read from the uploads folder on disk (the same tar whatever the storage).
    const source = dataDir();
    mkdirSync(join(source, "uploads", "submissions", "tache-1"), { recursive: true });
    writeFileSync(join(source, "uploads", ...KEY.split("/")), HAND_IN);
    const archive = join(root, "disque.tar");
    await createBackup({ dataDir: source, target: archive, version: VERSION });

    const target = dataDir();
    const storage = s3Storage(settings());
    const previous = new TextEncoder().encode("%PDF-1.4 rendu de l'ancienne école");
    await storage.write("submissions/ancienne/rendu.pdf", previous);
    const now = new Date("2026-11-28T09:00:00Z");
    const r = await restoreBackup(archive, target, VERSION, now, null, storage);
    expect(r.bucket).toEqual({ written: 1, kept: 1 });
    expect(sha(await bytesOf(storage, KEY))).toBe(HAND_IN_SHA);
    // Not deleted from the bucket (the start-up sweep removes it later), and a copy kept aside.
    expect(await bytesOf(storage, "submissions/ancienne/rendu.pdf")).toEqual(previous);
    const kept = join(target, "avant-restauration-2026-11-28T09-00-00-000Z");
    expect(r.keptDir).toBe(kept);
    expect(new Uint8Array(readFileSync(join(kept, "uploads", "submissions", "ancienne", "rendu.pdf")))).toEqual(previous);
    expect(readdirSync(kept).sort()).toEqual(["jwt-secret", "planify.db", "uploads"]);
    // The uploads folder of the data folder holds nothing: the files are in the bucket.
    expect(readdirSync(join(target, "uploads"))).toEqual([]);
    expect(readdirSync(target).filter((name) => name.startsWith(".restauration"))).toEqual([]);
  });

  it("a restore that cannot write to the bucket says so in French and leaves the data folder as it was", async () => {
    const target = dataDir();
    const before = readFileSync(join(target, "planify.db"));
    const listing = readdirSync(target).sort();
    const broken = s3Storage({ ...settings(), bucket: "absent" });
    const archive = join(root, "disque.tar");
    await expect(restoreBackup(archive, target, VERSION, new Date(), null, broken)).rejects.toThrow(
      /^Restauration impossible : écriture dans le compartiment S3 interrompue \(.+\)\. Aucun fichier du compartiment n'a été supprimé ; la base, le secret et le dossier des données n'ont pas été modifiés\.$/,
    );
    expect(readFileSync(join(target, "planify.db")).equals(before)).toBe(true);
    expect(readdirSync(target).sort()).toEqual(listing);
  });
});

describe("the automatic backups with the files in a bucket", { timeout: 60_000 }, () => {
  /** The hand-in's bytes in an archive (its SHA-256), or "absent". */
  const handInOf = async (file: string) => sha((await entries(file)).get(`uploads/${KEY}`));

  it("the nightly one, the one before a migration and the rollover's read the hand-in from the bucket", async () => {
    const dir = dataDir();
    const storage = s3Storage(settings());
    await storage.write(KEY, HAND_IN);
    const lines: string[] = [];
    const log = (level: string, message: string) => void lines.push(`${level} ${message}`);
    const backups = join(dir, "backups");

    const fake = fakeClock(Date.parse("2026-11-22T12:00:00Z"));
    const job = nightlyBackupJob({ dataDir: dir, backupDir: backups, version: VERSION, secretFromEnv: false, storage, log }, fake.clock);
    const schedule = startScheduler([job], log, fake.clock);
    await fake.set(Date.parse("2026-11-23T02:30:00Z"));
    for (let i = 0; i < 300 && !lines.some((l) => l.startsWith("info Prochaine")); i++) await Bun.sleep(10);
    schedule.stop();
    expect(lines[1]).toMatch(/^info Sauvegarde nocturne écrite : .* \(\d+,\d Mo, 3 fichiers\)$/);
    expect(await handInOf(join(backups, scheduledName(Date.parse("2026-11-23T02:30:00Z"))))).toBe(HAND_IN_SHA);

    const next = [...MIGRATIONS, { tag: "9999_prochaine", sql: "CREATE TABLE prochaine (x integer)" }];
    const before = await backupBeforeMigrations(
      { dataDir: dir, backupDir: backups, version: VERSION, secretFromEnv: false, storage, log },
      next,
    );
    expect(await handInOf(before!)).toBe(HAND_IN_SHA);

    const deps = {
      backup: { dataDir: dir, dir: backups, secretFromEnv: false },
      storage,
      settings: { version: VERSION },
      now: () => Date.parse("2026-08-20T09:00:00Z"),
      log,
    } as unknown as AppDeps;
    const rollover = await backupBeforeRollover(deps, "2025-2026");
    expect(await handInOf(rollover.file)).toBe(HAND_IN_SHA);
  });
});

describe("migrate --files s3 without --to", { timeout: 60_000 }, () => {
  it("copies every referenced file into the bucket, each read back, and leaves the data folder as it was", async () => {
    const dir = dataDir();
    mkdirSync(join(dir, "uploads", "submissions", "tache-1"), { recursive: true });
    writeFileSync(join(dir, "uploads", ...KEY.split("/")), HAND_IN);
    const db = readFileSync(join(dir, "planify.db"));
    const target = settings();
    const r = await migrateFilesOnly({ dataDir: dir, s3: target, version: VERSION });
    expect([r.count, r.bytes]).toEqual([1, HAND_IN.length]);
    const storage = s3Storage(target);
    expect(sha(await bytesOf(storage, KEY))).toBe(HAND_IN_SHA);
    expect(sha(readFileSync(join(dir, "uploads", ...KEY.split("/"))))).toBe(HAND_IN_SHA);
    expect(readFileSync(join(dir, "planify.db")).equals(db)).toBe(true);
  });

  it("refuses a file the rows cite that is missing, and takes back what it copied", async () => {
    const dir = dataDir();
    const target = settings();
    await expect(migrateFilesOnly({ dataDir: dir, s3: target, version: VERSION })).rejects.toThrow(
      `Migration des fichiers impossible : 1 fichier(s) déposé(s) que la base cite manquent dans le dossier des données : ${KEY}. Remettez-les en place (ou restaurez une sauvegarde) avant de migrer. Le compartiment est resté comme avant et le dossier des données n'a pas été modifié.`,
    );
    expect(await s3Storage(target).list("")).toEqual([]);
  });

  it("refuses without S3_BUCKET, and a bucket that does not answer, in French", async () => {
    const dir = dataDir();
    await expect(migrateFilesOnly({ dataDir: dir, s3: null, version: VERSION })).rejects.toThrow(
      "Migration des fichiers impossible : --files s3 : aucun compartiment n'est configuré. Donnez S3_BUCKET, S3_ENDPOINT (ou S3_REGION pour Amazon S3), S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY du compartiment de destination.",
    );
    await expect(migrateFilesOnly({ dataDir: dir, s3: { ...settings(), bucket: "absent" }, version: VERSION })).rejects.toThrow(
      `Migration des fichiers impossible : le stockage objet est injoignable (compartiment « absent » sur ${s3.endpoint}) : ce compartiment n'existe pas (créez-le d'abord sur le service de stockage). Vérifiez S3_BUCKET`,
    );
  });
});
