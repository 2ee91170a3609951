import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebAssetMap, postJson, runMain, startServer, type RunningServer } from "./process";

// Backup while the server runs AND another process writes; restore into a new folder.
const root = mkdtempSync(join(tmpdir(), "planify-backup-"));
const dataDir = join(root, "donnees");
const backupFile = join(root, "copies", "sauvegarde.db");
const adminPassword = "admin-sauvegarde-1";
const running: RunningServer[] = [];
const hash = (file: string) => new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex");

// Writes two contact rows per transaction until the stop file appears (60 s at most);
// prints "go" after the first transaction.
const WRITER = `
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
const db = new Database(process.argv[2]);
db.exec("PRAGMA busy_timeout = 10000");
const insert = db.prepare("INSERT INTO contact_messages (id, name, phone, email, promo, subject, description, ip, created_at) VALUES (?, 'w', '0600000000', 'w@e.fr', 'BUT1', 'ecriture', ?, '127.0.0.1', ?)");
const pair = db.transaction((n) => { insert.run("a" + n, "x".repeat(2000), Date.now()); insert.run("b" + n, "y".repeat(2000), Date.now()); });
const end = Date.now() + 60000;
let n = 0;
while (Date.now() < end && !existsSync(process.argv[3])) { pair(n++); if (n === 1) console.log("go"); }
console.log("wrote " + n);
`;

beforeAll(() => ensureWebAssetMap());
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  rmSync(root, { recursive: true, force: true });
});

describe("backup and restore", { timeout: 120_000 }, () => {
  it("takes a consistent copy while the server runs and another process writes", async () => {
    const server = await startServer(dataDir, { PLANIFY_ADMIN_PASSWORD: adminPassword });
    running.push(server);
    const admin = await postJson(`${server.url}/api/users/login`, { username: "admin", password: adminPassword });
    const created = await postJson(`${server.url}/api/users/register`, { username: "gardee", password: "sauvee-2026", role: "delegue", year: "BUT2" }, String(admin.json!.token));
    expect(created.status).toBe(201);

    const script = join(root, "writer.ts");
    writeFileSync(script, WRITER);
    const stopFile = join(root, "stop-writer");
    const writer = Bun.spawn([process.execPath, script, join(dataDir, "planify.db"), stopFile], { stdout: "pipe", stderr: "pipe" });
    const reader = writer.stdout.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("go");

    const backup = await runMain(["backup", backupFile, "--data-dir", dataDir]);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Sauvegarde écrite : ${backupFile}`);
    // The writer was still running when the copy finished.
    expect(writer.exitCode).toBeNull();
    writeFileSync(stopFile, "");
    await writer.exited;
    expect(writer.exitCode).toBe(0);

    const copy = new Database(backupFile, { readonly: true });
    try {
      expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      const rows = copy.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM contact_messages WHERE subject = 'ecriture'").get()!.n;
      expect(rows).toBeGreaterThan(0);
      // Transactions are whole in the copy: rows come in pairs.
      expect(rows % 2).toBe(0);
      expect(copy.query("SELECT role FROM users WHERE username = 'gardee'").get()).toEqual({ role: "delegue" });
    } finally {
      copy.close();
    }
    expect(existsSync(`${backupFile}-wal`)).toBe(false);

    // Restoring under a running server is refused, touching nothing.
    expect(readFileSync(join(dataDir, "planify.pid"), "utf8")).toMatch(/^\d+$/);
    const live = await runMain(["restore", backupFile, "--data-dir", dataDir]);
    expect(live.code).not.toBe(0);
    expect(live.stderr).toMatch(/^Le serveur utilise ce dossier \(PID \d+\) : arrêtez-le avant de restaurer\./);
    expect(readdirSync(dataDir).filter((f) => f.includes("avant-restauration") || f.includes(".restore-"))).toEqual([]);
    expect((await postJson(`${server.url}/api/users/login`, { username: "gardee", password: "sauvee-2026" })).status).toBe(200);

    expect(await server.stop()).toBe(0);
    expect(existsSync(join(dataDir, "planify.pid"))).toBe(false);
  });

  it("refuses to overwrite an existing file", async () => {
    const before = hash(backupFile);
    const r = await runMain(["backup", backupFile, "--data-dir", dataDir]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`Le fichier existe déjà : ${backupFile}`);
    expect(hash(backupFile)).toBe(before);
  });

  it("refuses to back up a folder without a database", async () => {
    const target = join(root, "rien.db");
    const r = await runMain(["backup", target, "--data-dir", join(root, "vide")]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("Aucune base trouvée");
    expect(existsSync(target)).toBe(false);
  });

  it("refuses to restore a file that is not a SQLite database, touching nothing", async () => {
    const junk = join(root, "pas-une-base.db");
    writeFileSync(junk, "Ceci n'est pas une base de données, seulement du texte.\n".repeat(200));
    const before = hash(join(dataDir, "planify.db"));
    const r = await runMain(["restore", junk, "--data-dir", dataDir]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/n'est pas une base SQLite/);
    expect(r.stderr).not.toMatch(/SQLITE_|at .*\.ts/);
    expect(hash(join(dataDir, "planify.db"))).toBe(before);
    expect(readdirSync(dataDir).filter((f) => f.includes("restore") || f.includes("avant"))).toEqual([]);
  });

  it("refuses to restore a SQLite file that is not a Planify backup", async () => {
    const foreign = join(root, "autre.db");
    const db = new Database(foreign);
    db.exec("CREATE TABLE t (x)");
    db.close();
    const r = await runMain(["restore", foreign, "--data-dir", join(root, "neuf-1")]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("n'est pas une sauvegarde Planify");
    expect(existsSync(join(root, "neuf-1", "planify.db"))).toBe(false);
  });

  it("restores into a new folder: the server starts with the data", async () => {
    const fresh = join(root, "restauree");
    const r = await runMain(["restore", backupFile, "--data-dir", fresh]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Base restaurée");
    const server = await startServer(fresh);
    running.push(server);
    expect(server.output()).not.toContain("Compte administrateur créé");
    expect((await postJson(`${server.url}/api/users/login`, { username: "gardee", password: "sauvee-2026" })).status).toBe(200);
    const admin = await postJson(`${server.url}/api/users/login`, { username: "admin", password: adminPassword });
    expect(admin.status).toBe(200);
    const res = await fetch(`${server.url}/api/contact/messages`, { headers: { authorization: `Bearer ${admin.json!.token}` } });
    const { messages } = (await res.json()) as { messages: unknown[] };
    expect(messages.length).toBeGreaterThan(0);
    expect(await server.stop()).toBe(0);
  });

  it("restoring over an existing database keeps the old one aside", async () => {
    const r = await runMain(["restore", backupFile, "--data-dir", dataDir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("L'ancienne base est conservée sous");
    const kept = readdirSync(dataDir).filter((f) => f.startsWith("planify.db.avant-restauration-"));
    expect(kept).toHaveLength(1);
    const old = new Database(join(dataDir, kept[0]!), { readonly: true });
    try {
      expect(old.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    } finally {
      old.close();
    }
  });
});
