import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "bun:sqlite";
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { filesForm, taskBody } from "../src/features/tasks/test-support";
import { ensureWebAssetMap, postJson, startServer, type RunningServer } from "./process";

// A real full disk: the server runs as its own process with its data folder on an 8 MB
// tmpfs, which a filler file then fills to the last byte. A hand-in and a coin write must
// answer 507 with the French message, health must say low-disk, and once the filler goes
// both work again and the database is intact.
const root = mkdtempSync(join(tmpdir(), "planify-disk-full-"));
const dataDir = join(root, "data");
mkdirSync(dataDir);
const mounted = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", dataDir]);
const skipReason = mounted.exitCode === 0 ? null : `cannot mount a tmpfs here (${mounted.stderr.toString().trim() || "not root"})`;
if (skipReason) console.log(`disk-full.test.ts skipped: ${skipReason}`);

const ADMIN = "admin-du-disque-plein";
const DISK_FULL = "Espace disque insuffisant sur le serveur : rien n'a été enregistré. Prévenez l'administrateur.";
const filler = join(dataDir, "remplissage.bin");
let server: RunningServer | null = null;
beforeAll(() => ensureWebAssetMap());
afterAll(async () => {
  await server?.stop("SIGKILL");
  if (!skipReason) Bun.spawnSync(["umount", "-l", dataDir]);
  rmSync(root, { recursive: true, force: true });
});

/** Writes zeros until the disk refuses (ENOSPC): not one byte left. */
function fillDisk() {
  const fd = openSync(filler, "a");
  const chunk = new Uint8Array(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
  }
  // The last partial block: byte by byte, to leave nothing at all.
  try {
    for (;;) writeSync(fd, chunk, 0, 1);
  } catch {
    // ENOSPC ends the loop: the disk is full to the last byte, which is what we want.
  }
  closeSync(fd);
}

const pdf = (label: string) => new TextEncoder().encode(`%PDF-1.4\n% ${label}\n${"x".repeat(64 * 1024)}\n%%EOF\n`);

describe.skipIf(skipReason !== null)("the data folder's disk fills up", { timeout: 120_000 }, () => {
  it("answers 507 with the French message, health says low-disk, and all works again once space is freed", async () => {
    server = await startServer(dataDir, { PLANIFY_ADMIN_PASSWORD: ADMIN, PLANIFY_DISK_MIN_FREE_MB: "1" });
    const base = `${server.url}/api`;
    const admin = String((await postJson(`${base}/users/login`, { username: "admin", password: ADMIN })).json!.token);
    const student = await postJson(
      `${base}/users/register`,
      { username: "lea", password: "motdepasse-lea", role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
      admin,
    );
    expect(student.status).toBe(201);
    const studentId = String((student.json!.user as { id: string }).id);
    const lea = String((await postJson(`${base}/users/login`, { username: "lea", password: "motdepasse-lea" })).json!.token);
    const created = await postJson(`${base}/events`, taskBody({ date: "2031-06-02", submissionEnabled: true }), admin);
    expect(created.status).toBe(201);
    const taskId = String((created.json!.event as { id: string }).id);
    const handIn = (label: string) =>
      fetch(`${base}/events/${taskId}/submissions`, {
        method: "POST",
        headers: { authorization: `Bearer ${lea}` },
        body: filesForm([[`${label}.pdf`, pdf(label)]]),
      });
    const setCoins = (coins: number) => postJson(`${base}/users-admin`, { action: "update-coins", userId: studentId, coins }, admin);
    const health = async () => {
      const res = await fetch(`${base}/health`);
      return { status: res.status, json: (await res.json()) as { status: string; diskFreeBytes?: number } };
    };
    expect((await health()).status).toBe(200);
    expect((await setCoins(10)).status).toBe(200);

    fillDisk();
    const refused = await handIn("refuse");
    expect(refused.status).toBe(507);
    expect(await refused.json()).toMatchObject({ success: false, code: "DISK_FULL", message: DISK_FULL });
    // Nothing of the refused hand-in stays: no staged part, no file in the task's folder.
    const uploads = join(dataDir, "uploads");
    expect(readdirSync(join(uploads, ".tmp"))).toEqual([]);
    expect(readdirSync(uploads)).not.toContain("submissions");

    // SQLite may still reuse room its WAL already holds; coin writes go on until the disk says no.
    let coinRefusal: { status: number; json: Record<string, unknown> | null } | null = null;
    let lastSaved = 10;
    for (let coins = 11; coins < 2000 && !coinRefusal; coins++) {
      const res = await setCoins(coins);
      if (res.status === 200) lastSaved = coins;
      else coinRefusal = res;
    }
    expect(coinRefusal?.status).toBe(507);
    expect(coinRefusal?.json).toMatchObject({ success: false, code: "DISK_FULL", message: DISK_FULL });

    const low = await health();
    expect(low.status).toBe(503);
    expect(low.json).toMatchObject({ status: "low-disk" });
    expect(low.json.diskFreeBytes).toBeLessThan(1024 * 1024);

    unlinkSync(filler);
    const handedIn = await handIn("accepte");
    expect(handedIn.status).toBe(201);
    expect((await setCoins(4242)).status).toBe(200);
    // Health measures at most every 2 s: within 3 s it is back to ok.
    let healthy = await health();
    for (let i = 0; i < 30 && healthy.status !== 200; i++) {
      await Bun.sleep(100);
      healthy = await health();
    }
    expect(healthy).toMatchObject({ status: 200, json: { status: "ok" } });
    expect(lastSaved).toBeGreaterThanOrEqual(10);

    const mine = await fetch(`${base}/events/${taskId}/my-submission`, { headers: { authorization: `Bearer ${lea}` } });
    expect(((await mine.json()) as { files: { originalname: string }[] }).files.map((f) => f.originalname)).toEqual(["accepte.pdf"]);
    expect(await server.stop()).toBe(0);
    server = null;
    const db = new Database(join(dataDir, "planify.db"));
    try {
      expect(db.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      expect(db.query("SELECT coins FROM users WHERE id = ?").get(studentId)).toEqual({ coins: 4242 });
    } finally {
      db.close();
    }
  });
});
