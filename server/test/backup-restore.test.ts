import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebAssetMap, postJson, runMain, startServer, type RunningServer } from "./process";

// The whole school survives: a backup taken while the server runs, a second process writes
// and uploads keep coming, restored into an empty folder, serves every attachment and
// hand-in again with the same bytes, and sessions opened before the backup stay valid.
const root = mkdtempSync(join(tmpdir(), "planify-backup-"));
const dataDir = join(root, "donnees");
const restored = join(root, "restauree");
const backupFile = join(root, "copies", "sauvegarde.tar");
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

/** A real PDF head followed by random bytes (large ones cross the archive's 1 MB chunks). */
function pdf(size: number): Uint8Array {
  const head = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\n");
  const out = new Uint8Array(size);
  out.set(head);
  for (let i = head.length; i < size; i += 65536) out.set(crypto.getRandomValues(new Uint8Array(Math.min(65536, size - i))), i);
  return out;
}

/** Every byte uploaded, by original name: what the restored server must give back. */
const uploaded = new Map<string, Uint8Array>();
async function upload(url: string, token: string, files: [string, Uint8Array][]) {
  const form = new FormData();
  for (const [name, bytes] of files) form.append("files", new File([bytes], name));
  const res = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 201 && res.status !== 200) throw new Error(`upload ${url}: ${res.status} ${await res.text()}`);
  for (const [name, bytes] of files) uploaded.set(name, bytes);
}

const get = (url: string, token: string) => fetch(url, { headers: { authorization: `Bearer ${token}` } });
type FileDto = { originalname: string; url: string };

const login = async (url: string, username: string, password: string) => {
  const r = await postJson(`${url}/api/users/login`, { username, password });
  expect(r.status).toBe(200);
  return String(r.json!.token);
};

let tokens: { admin: string; prof: string; eleve: string };
const taskIds: string[] = [];

beforeAll(() => ensureWebAssetMap());
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  rmSync(root, { recursive: true, force: true });
});

describe("backup and restore of a whole school", { timeout: 180_000 }, () => {
  it("backs up while the server runs, another process writes and uploads keep coming", async () => {
    const server = await startServer(dataDir, { PLANIFY_ADMIN_PASSWORD: adminPassword });
    running.push(server);
    const admin = await login(server.url, "admin", adminPassword);
    for (const body of [
      { username: "prof-sauve", password: "prof-sauve-2026", role: "prof" },
      { username: "eleve-sauve", password: "eleve-sauve-2026", role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
    ])
      expect((await postJson(`${server.url}/api/users/register`, body, admin)).status).toBe(201);
    tokens = {
      admin,
      prof: await login(server.url, "prof-sauve", "prof-sauve-2026"),
      eleve: await login(server.url, "eleve-sauve", "eleve-sauve-2026"),
    };

    for (const titre of ["Rapport", "Maquette"]) {
      const body = {
        titre,
        type: "devoir",
        matiere: "Développement web",
        date: "2027-06-20",
        heure: "18:00",
        groupes: ["A"],
        groupe: "A",
        year: "BUT1",
        submissionEnabled: true,
      };
      const r = await postJson(`${server.url}/api/events`, body, tokens.prof);
      expect(r.status).toBe(201);
      const id = String((r.json!.event as { id: string }).id);
      taskIds.push(id);
      await upload(`${server.url}/api/events/${id}/attachments`, tokens.prof, [
        [`${titre}-consignes.pdf`, pdf(2_500_000)],
        [`${titre}-annexe.pdf`, pdf(700)],
      ]);
      await upload(`${server.url}/api/events/${id}/submissions`, tokens.eleve, [[`${titre}-rendu.pdf`, pdf(40_000)]]);
    }

    const script = join(root, "writer.ts");
    writeFileSync(script, WRITER);
    const stopFile = join(root, "stop-writer");
    const writer = Bun.spawn([process.execPath, script, join(dataDir, "planify.db"), stopFile], { stdout: "pipe", stderr: "pipe" });
    expect(new TextDecoder().decode((await writer.stdout.getReader().read()).value)).toContain("go");
    // Uploads go on through the API during the whole backup.
    let uploading = true;
    const loop = (async () => {
      for (let n = 0; uploading; n++)
        await upload(`${server.url}/api/events/${taskIds[0]}/attachments`, tokens.prof, [[`pendant-${n}.pdf`, pdf(200_000)]]);
    })();

    const backup = await runMain(["backup", backupFile, "--data-dir", dataDir]);
    uploading = false;
    await loop;
    expect([...uploaded.keys()].filter((n) => n.startsWith("pendant-")).length).toBeGreaterThan(0);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Sauvegarde écrite : ${backupFile}`);
    expect(writer.exitCode).toBeNull();
    writeFileSync(stopFile, "");
    expect(await writer.exited).toBe(0);
    expect(readdirSync(join(root, "copies"))).toEqual(["sauvegarde.tar"]);

    // Restoring under the running server is refused, touching nothing.
    const live = await runMain(["restore", backupFile, "--data-dir", dataDir]);
    expect(live.code).not.toBe(0);
    expect(live.stderr).toMatch(/^Le serveur utilise ce dossier \(PID \d+\) : arrêtez-le avant de restaurer\. Rien n'a été modifié\./);
    expect(readdirSync(dataDir).filter((f) => f.includes("restaur"))).toEqual([]);
    expect(await server.stop()).toBe(0);
  });

  it("restores into an empty folder: every attachment and hand-in downloads with the same bytes, old sessions still work", async () => {
    const r = await runMain(["restore", backupFile, "--data-dir", restored]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/restaurée dans .* : 3 comptes, 2 tâches, \d+ fichiers déposés\./);
    expect(r.stdout).not.toContain("anciennes données");
    const server = await startServer(restored);
    running.push(server);
    expect(server.output()).not.toContain("Compte administrateur créé");

    // Tokens issued by the first server: the signing secret came along.
    expect((await get(`${server.url}/api/events`, tokens.eleve)).status).toBe(200);
    const served: string[] = [];
    for (const id of taskIds) {
      const attachments = (
        (await (await get(`${server.url}/api/events/${id}/attachments`, tokens.prof)).json()) as { attachments: FileDto[] }
      ).attachments;
      const mine = ((await (await get(`${server.url}/api/events/${id}/my-submission`, tokens.eleve)).json()) as { files: FileDto[] }).files;
      expect(mine).toHaveLength(1);
      for (const [file, token] of [...attachments.map((f) => [f, tokens.prof] as const), ...mine.map((f) => [f, tokens.eleve] as const)]) {
        const res = await get(`${server.url}${file.url}`, token);
        expect(res.status, file.originalname).toBe(200);
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect(Bun.hash(bytes), file.originalname).toBe(Bun.hash(uploaded.get(file.originalname)!));
        served.push(file.originalname);
      }
    }
    // Everything uploaded before the backup is there (uploads made during it may or may not be).
    const before = [...uploaded.keys()].filter((n) => !n.startsWith("pendant-"));
    expect(served.filter((n) => !n.startsWith("pendant-")).sort()).toEqual(before.sort());
    expect(await server.stop()).toBe(0);

    // The snapshot is consistent: the writer's transactions are whole (rows come in pairs).
    const db = new Database(join(restored, "planify.db"), { readonly: true });
    try {
      const rows = db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM contact_messages WHERE subject = 'ecriture'").get()!.n;
      expect(rows).toBeGreaterThan(0);
      expect(rows % 2).toBe(0);
    } finally {
      db.close();
    }
  });

  it("restoring over existing data keeps all of it aside (database, uploads, secret, Web Push keys)", async () => {
    const secretBefore = hash(join(dataDir, "jwt-secret"));
    const vapidBefore = hash(join(dataDir, "vapid-keys.json"));
    const r = await runMain(["restore", backupFile, "--data-dir", dataDir]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Les anciennes données sont conservées dans");
    const kept = readdirSync(dataDir).filter((f) => f.startsWith("avant-restauration-"));
    expect(kept).toHaveLength(1);
    const keptDir = join(dataDir, kept[0]!);
    expect(readdirSync(keptDir).sort()).toEqual(["jwt-secret", "planify.db", "uploads", "vapid-keys.json"]);
    expect(hash(join(keptDir, "jwt-secret"))).toBe(secretBefore);
    expect(hash(join(keptDir, "vapid-keys.json"))).toBe(vapidBefore);
    // The keys the server made at its first start come back with the backup.
    expect(hash(join(dataDir, "vapid-keys.json"))).toBe(vapidBefore);
    // Uploads made after the snapshot are only in the kept folder: nothing was lost.
    const keptUploads = readdirSync(join(keptDir, "uploads", "attachments", taskIds[0]!));
    expect(keptUploads.length).toBeGreaterThanOrEqual(readdirSync(join(dataDir, "uploads", "attachments", taskIds[0]!)).length);
    const old = new Database(join(keptDir, "planify.db"), { readonly: true });
    try {
      expect(old.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    } finally {
      old.close();
    }
  });

  it("refuses to overwrite an existing file", async () => {
    const before = hash(backupFile);
    const r = await runMain(["backup", backupFile, "--data-dir", dataDir]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`Le fichier existe déjà : ${backupFile}`);
    expect(hash(backupFile)).toBe(before);
  });

  it("refuses to back up a folder without a database", async () => {
    const target = join(root, "rien.tar");
    const r = await runMain(["backup", target, "--data-dir", join(root, "vide")]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("Aucune base trouvée");
    expect(existsSync(target)).toBe(false);
  });
});
