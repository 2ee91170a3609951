import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebAssetMap, MAIN, postJson, runMain, startServer, type RunningServer } from "./process";

// Start-ups an operator gets wrong, on real processes: a second server on a port in use or on
// a data folder another server holds is refused, and a damaged database or a folder the
// server may not write into is told in French with the way out. Nothing prints « prêt ».
const root = mkdtempSync(join(tmpdir(), "planify-refus-"));
const running: RunningServer[] = [];
const PASSWORD = { a: "premiere-ecole-2026", b: "seconde-ecole-2026" };
const sha = (file: string) => new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex");
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

beforeAll(() => ensureWebAssetMap());
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  rmSync(root, { recursive: true, force: true });
});

const start = async (dir: string, password = PASSWORD.a) => {
  const s = await startServer(dir, { PLANIFY_ADMIN_PASSWORD: password });
  running.push(s);
  return s;
};
/** A start that must be refused: killed after 20 s if it is not. */
const refusedStart = (dir: string, port = 0, password = PASSWORD.b, prefix: string[] = []) =>
  runMain(
    ["--port", String(port), "--host", "127.0.0.1", "--data-dir", dir],
    { PLANIFY_ADMIN_PASSWORD: password },
    { timeoutMs: 20_000, prefix },
  );

describe("a second server is refused", { timeout: 120_000 }, () => {
  const first = join(root, "ecole-a");
  let server: RunningServer;
  beforeAll(async () => {
    server = await start(first);
  });

  it("on a port already in use: French message naming the port and --port/PORT, exit 1, the first keeps answering its own data", async () => {
    const second = await refusedStart(join(root, "ecole-b"), server.port);
    expect(second.code).toBe(1);
    expect(second.stdout).not.toContain("est prêt");
    expect(second.stderr.trim()).toBe(
      `Impossible d'écouter sur 127.0.0.1:${server.port} : le port ${server.port} est déjà utilisé (par un autre serveur Planify ou un autre programme). Choisissez un autre port avec --port ou la variable PORT.`,
    );
    // Had the port been shared, the kernel would hand some of these to the other school's database.
    for (let i = 0; i < 12; i++) {
      expect((await postJson(`${server.url}/api/users/login`, { username: "admin", password: PASSWORD.a })).status).toBe(200);
    }
    expect((await postJson(`${server.url}/api/users/login`, { username: "admin", password: PASSWORD.b })).status).toBe(401);
  });

  it("on a data folder another server holds: French message naming the folder and its PID, the first untouched", async () => {
    const second = await refusedStart(first);
    expect(second.code).toBe(1);
    expect(second.stdout).not.toContain("est prêt");
    expect(second.stderr).toContain(`Le dossier de données ${first} est déjà utilisé par un autre serveur Planify (PID ${server.pid}).`);
    expect(second.stderr).toContain("choisissez un autre dossier avec --data-dir");
    expect(readFileSync(join(first, "planify.pid"), "utf8")).toBe(String(server.pid));
    expect((await postJson(`${server.url}/api/users/login`, { username: "admin", password: PASSWORD.a })).status).toBe(200);
  });

  it("restore is refused on that folder while its server runs, even with planify.pid deleted", async () => {
    const archive = join(root, "ecole-a.tar");
    expect((await runMain(["backup", archive, "--data-dir", first])).code).toBe(0);
    rmSync(join(first, "planify.pid"));
    const before = sha(join(first, "planify.db"));
    const r = await runMain(["restore", archive, "--data-dir", first]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^Le serveur utilise ce dossier : arrêtez-le avant de restaurer\. Rien n'a été modifié\./);
    expect(readdirSync(first).filter((n) => n.startsWith("avant-restauration-"))).toEqual([]);
    expect(sha(join(first, "planify.db"))).toBe(before);
  });

  it("the folder is free again once its server is gone, even killed without warning", async () => {
    expect(await server.stop("SIGKILL")).not.toBe(0);
    const again = await start(first);
    expect(readFileSync(join(first, "planify.pid"), "utf8")).toBe(String(again.pid));
    expect(await again.stop()).toBe(0);
    expect(existsSync(join(first, "planify.pid"))).toBe(false);
  });
});

describe("a damaged database", { timeout: 120_000 }, () => {
  it("is refused naming the file and planify-server restore; the restore keeps it aside and the server starts again", async () => {
    const dir = join(root, "abimee");
    expect(await (await start(dir)).stop()).toBe(0);
    const archive = join(root, "avant-degat.tar");
    expect((await runMain(["backup", archive, "--data-dir", dir])).code).toBe(0);
    const dbFile = join(dir, "planify.db");
    writeFileSync(dbFile, Buffer.alloc(16_384, 0x5a));
    const damaged = sha(dbFile);

    const refused = await refusedStart(dir);
    expect(refused.code).toBe(1);
    expect(refused.stdout).not.toContain("est prêt");
    expect(refused.stderr).toMatch(
      new RegExp(`^La base de données ${literal(dbFile)} est endommagée \\(ce n'est pas une base SQLite lisible\\)`),
    );
    expect(refused.stderr).toContain("planify-server restore ARCHIVE");
    expect(refused.stderr).toContain("avant-restauration-DATE/");
    expect(refused.stderr).not.toContain("file is not a database");
    expect(sha(dbFile)).toBe(damaged);
    expect(existsSync(join(dir, "planify.pid"))).toBe(false);

    // The way out the message gives works on that very folder.
    const restored = await runMain(["restore", archive, "--data-dir", dir]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    const kept = readdirSync(dir).find((n) => n.startsWith("avant-restauration-"))!;
    expect(sha(join(dir, kept, "planify.db"))).toBe(damaged);
    const back = await start(dir);
    expect((await postJson(`${back.url}/api/users/login`, { username: "admin", password: PASSWORD.a })).status).toBe(200);
    expect(await back.stop()).toBe(0);
  });
});

describe("a data folder the server may not write into", { timeout: 60_000 }, () => {
  it("under a regular file: French message naming the folder and the user, exit 1", async () => {
    writeFileSync(join(root, "un-fichier"), "x");
    const dir = join(root, "un-fichier", "donnees");
    const r = await refusedStart(dir);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain("est prêt");
    expect(r.stderr).toMatch(
      new RegExp(
        `^Le serveur, qui tourne sous l'utilisateur \\S+ \\(uid ${process.getuid!()}\\), ne peut pas écrire dans le dossier de données ${literal(dir)} : un élément du chemin n'est pas un dossier \\(ENOTDIR\\)\\. Choisissez un autre emplacement avec --data-dir`,
      ),
    );
  });

  // Root writes anywhere, so the permission refusal needs the server run as another user.
  const dropRoot = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"];
  const why =
    process.getuid?.() !== 0
      ? "not root: cannot switch to nobody"
      : !Bun.which("setpriv")
        ? "setpriv is not installed"
        : Bun.spawnSync([...dropRoot, "true"]).exitCode !== 0
          ? "setpriv cannot switch to uid 65534 here"
          : // As nobody, Bun must still reach its own executable, this checkout and the working
            // folder: a checkout under a private folder (mktemp -d is 0700) forbids that.
            Bun.spawnSync([...dropRoot, process.execPath, "-e", `require("node:fs").accessSync(${JSON.stringify(MAIN)}, 4)`]).exitCode !== 0
            ? "nobody cannot run Bun on this checkout (a folder on the way is private)"
            : null;
  if (why) console.log(`skipped: permission refusal as nobody (${why})`);

  it.skipIf(why !== null)("owned by root while the server runs as nobody: names the folder, the user, chown and --data-dir", async () => {
    const parent = join(root, "a-root");
    mkdirSync(parent);
    // nobody may reach the folder but not write into it.
    chmodSync(root, 0o755);
    chmodSync(parent, 0o755);
    const dir = join(parent, "donnees");
    const r = await refusedStart(dir, 0, PASSWORD.b, dropRoot);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain("est prêt");
    expect(r.stderr.trim()).toBe(
      `Le serveur, qui tourne sous l'utilisateur nobody (uid 65534), ne peut pas écrire dans le dossier de données ${dir} : accès refusé (EACCES). ` +
        `Donnez-lui ce dossier (par exemple chown -R nobody ${dir}) ou le droit d'y écrire (chmod), ou choisissez-en un autre avec --data-dir (ou PLANIFY_DATA_DIR).`,
    );
    expect(existsSync(dir)).toBe(false);
  });

  it.skipIf(why !== null)(
    "a database owned by root in a folder of its own: names the file, the user, chown/chmod and --data-dir, not SQLite's words",
    async () => {
      const parent = join(root, "base-a-root");
      mkdirSync(parent);
      chmodSync(root, 0o755);
      chmodSync(parent, 0o755);
      const dir = join(parent, "donnees");
      expect(await (await start(dir)).stop()).toBe(0);
      // The folder is nobody's, its base root's (as after a restore run with sudo): SQLite opens it read-only without a word.
      const walk = (p: string) => {
        chownSync(p, 65534, 65534);
        if (statSync(p).isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
      };
      walk(dir);
      const dbFile = join(dir, "planify.db");
      chownSync(dbFile, 0, 0);
      chmodSync(dbFile, 0o644);
      const before = sha(dbFile);
      const r = await refusedStart(dir, 0, PASSWORD.b, dropRoot);
      expect(r.code).toBe(1);
      expect(r.stdout).not.toContain("est prêt");
      expect(r.stderr).not.toContain("readonly");
      expect(r.stderr.trim()).toBe(
        `Le serveur, qui tourne sous l'utilisateur nobody (uid 65534), ne peut pas écrire dans la base de données ${dbFile} : accès refusé (SQLITE_READONLY). ` +
          `Donnez-lui le dossier de données et sa base (par exemple chown -R nobody ${dir}) ou le droit d'écrire dans la base (chmod u+w ${dbFile}), ou choisissez un autre dossier avec --data-dir (ou PLANIFY_DATA_DIR).`,
      );
      expect(sha(dbFile)).toBe(before);
      expect(existsSync(join(dir, "planify.pid"))).toBe(false);
    },
  );
});
