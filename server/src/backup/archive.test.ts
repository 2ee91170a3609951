import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { openDatabase } from "../db/client";
import { dataDirHeld, lockDataDir } from "../data-lock";
import { createBackup } from "./create";
import { restoreBackup } from "./restore";
import { readTar, TarWriter } from "./tar";
import type { Manifest } from "./manifest";

// Restore checks the whole archive before the data folder changes: every refusal below
// answers in French and leaves the folder byte for byte as it was.
const root = mkdtempSync(join(tmpdir(), "planify-archive-"));
const source = join(root, "source");
const target = join(root, "cible");
const good = join(root, "bonne.tar");
const VERSION = "0.1.0";
const MARK = "contenu-du-rendu-unique";

function makeDataDir(dir: string, upload: string) {
  mkdirSync(join(dir, "uploads", "submissions", "tache-1"), { recursive: true });
  const handle = openDatabase(join(dir, "planify.db"));
  handle.sqlite.exec(
    "INSERT INTO subjects (id, name, name_key, color, color2, years_allowed, groups_allowed, specialites_allowed, created_at, updated_at) VALUES ('s1', 'Maths', 'maths', '#000', '#fff', '[]', '[]', '[]', 'x', 'x')",
  );
  // The hand-in's row: a backup holds the files rows point to.
  handle.sqlite.exec(
    "INSERT INTO tasks (id, titre, type, matiere, date, heure, deadline_at, year, created_at, updated_at) VALUES ('tache-1', 'Rendu', 'devoir', 'Maths', '2026-11-23', '08:00', 0, 'BUT1', 'x', 'x')",
  );
  handle.sqlite.exec(
    "INSERT INTO task_files (stored_name, task_id, kind, original_name, ext, size, created_at) VALUES ('AbCdEfGhIjKlMnOpQr12.pdf', 'tache-1', 'submission', 'rendu.pdf', 'pdf', 1, 0)",
  );
  handle.close();
  // As a server leaves it: the lock file stays, the pid file goes.
  lockDataDir(dir).release();
  writeFileSync(join(dir, "jwt-secret"), "s".repeat(64), { mode: 0o600 });
  writeFileSync(join(dir, "vapid-keys.json"), `{"publicKey":"${upload.length}","privateKey":"p"}`, { mode: 0o600 });
  writeFileSync(join(dir, "uploads", "submissions", "tache-1", "AbCdEfGhIjKlMnOpQr12.pdf"), upload);
  // The upload staging folder is never part of a backup.
  mkdirSync(join(dir, "uploads", ".tmp"));
  writeFileSync(join(dir, "uploads", ".tmp", "en-cours.part"), "x");
}

/** Every file of a folder with its hash: the "nothing was touched" fingerprint. */
function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = new Bun.CryptoHasher("sha256").update(readFileSync(p)).digest("hex");
    }
  };
  walk(dir);
  return out;
}

/** Reads an archive into memory (they are tiny here), lets `edit` change it, writes it back. */
async function rewrite(name: string, edit: (entries: Map<string, Uint8Array>) => void, fixManifest = true): Promise<string> {
  const entries = new Map<string, Uint8Array>();
  let chunks: Uint8Array[] = [];
  await readTar(
    good,
    async () => (c) => void chunks.push(c.slice()),
    (e) => {
      entries.set(e.name, Buffer.concat(chunks));
      chunks = [];
    },
  );
  edit(entries);
  if (fixManifest && entries.has("manifest.json")) {
    const manifest = JSON.parse(new TextDecoder().decode(entries.get("manifest.json"))) as Manifest;
    manifest.files = [...entries]
      .filter(([n]) => n !== "manifest.json")
      .map(([path, bytes]) => ({ path, size: bytes.length, sha256: new Bun.CryptoHasher("sha256").update(bytes).digest("hex") }));
    entries.set("manifest.json", new TextEncoder().encode(JSON.stringify(manifest)));
  }
  const file = join(root, name);
  const w = await TarWriter.create(file);
  for (const [n, bytes] of entries) await w.addBytes(n, bytes, Date.now());
  await w.finish();
  return file;
}

const editManifest = (change: (m: Manifest) => void) => (entries: Map<string, Uint8Array>) => {
  const m = JSON.parse(new TextDecoder().decode(entries.get("manifest.json"))) as Manifest;
  change(m);
  entries.set("manifest.json", new TextEncoder().encode(JSON.stringify(m)));
};

/** A database the way a newer Planify would leave it: one migration this binary does not know. */
function newerDatabase(entries: Map<string, Uint8Array>) {
  const file = join(root, "plus-recente.db");
  writeFileSync(file, entries.get("planify.db")!);
  const db = new Database(file);
  db.exec("INSERT INTO __planify_migrations (tag, applied_at) VALUES ('9999_futur', 'x')");
  db.close();
  entries.set("planify.db", readFileSync(file));
}

beforeAll(async () => {
  makeDataDir(source, `%PDF-1.4 ${MARK}`);
  // A file no row points to stays out of the archive.
  mkdirSync(join(source, "uploads", "divers"));
  writeFileSync(join(source, "uploads", "divers", "note d'été.pdf"), "été");
  makeDataDir(target, "%PDF-1.4 ancien rendu");
  await createBackup({ dataDir: source, target: good, version: VERSION });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("backup archive", () => {
  it("holds the database, the secret, the Web Push keys, the uploads rows point to (no stray file, not the staging folder) and a manifest", async () => {
    const names: string[] = [];
    await readTar(
      good,
      async () => null,
      (e) => void names.push(e.name),
    );
    expect(names).toEqual([
      "planify.db",
      "jwt-secret",
      "vapid-keys.json",
      "uploads/submissions/tache-1/AbCdEfGhIjKlMnOpQr12.pdf",
      "manifest.json",
    ]);
    expect(readdirSync(root).filter((n) => n.includes("partiel") || n.includes(".base-"))).toEqual([]);
  });
});

describe("restore refuses a bad archive and touches nothing", () => {
  const cases: { name: string; file: () => Promise<string>; message: RegExp }[] = [
    {
      name: "a text file",
      file: async () => (writeFileSync(join(root, "texte.tar"), "pas une archive\n".repeat(100)), join(root, "texte.tar")),
      message: /^Ce fichier n'est pas une sauvegarde Planify \(ce n'est pas une archive tar\)/,
    },
    {
      name: "a tiny file",
      file: async () => (writeFileSync(join(root, "mini.tar"), "bonjour"), join(root, "mini.tar")),
      message: /^Ce fichier n'est pas une sauvegarde Planify \(ce n'est pas une archive tar\)/,
    },
    {
      name: "a bare SQLite database (old-style backup)",
      file: async () => join(source, "planify.db"),
      message: /^Ce fichier n'est pas une sauvegarde Planify \(c'est une base SQLite seule/,
    },
    { name: "a missing file", file: async () => join(root, "absente.tar"), message: /^Fichier introuvable/ },
    {
      name: "one flipped byte in a hand-in",
      file: async () => {
        const bytes = readFileSync(good);
        const at = bytes.indexOf(MARK);
        bytes[at] = bytes[at]! ^ 1;
        writeFileSync(join(root, "retournee.tar"), bytes);
        return join(root, "retournee.tar");
      },
      message:
        /^Archive corrompue : « uploads\/submissions\/tache-1\/AbCdEfGhIjKlMnOpQr12\.pdf » ne correspond pas à sa somme de contrôle\. Rien n'a été modifié\.$/,
    },
    {
      name: "an archive cut short",
      file: async () => (writeFileSync(join(root, "coupee.tar"), readFileSync(good).subarray(0, 100_000)), join(root, "coupee.tar")),
      message: /^Archive corrompue \(archive tronquée\)/,
    },
    {
      name: "no manifest",
      file: () => rewrite("sans-manifeste.tar", (e) => void e.delete("manifest.json")),
      message: /manifest\.json absent/,
    },
    {
      name: "a file the manifest does not list",
      file: () => rewrite("en-trop.tar", (e) => void e.set("uploads/x/intrus.pdf", new Uint8Array(3)), false),
      message: /« uploads\/x\/intrus\.pdf » n'est pas dans le manifeste/,
    },
    {
      name: "a path leaving the folder",
      file: () => rewrite("evasion.tar", (e) => void e.set("uploads/../../evasion", new Uint8Array(3))),
      message: /entrée inattendue « uploads\/\.\.\/\.\.\/evasion »/,
    },
    {
      name: "a newer archive format",
      file: () =>
        rewrite(
          "format-futur.tar",
          editManifest((m) => ((m.formatVersion = 2), (m.appVersion = "9.0.0"))),
          false,
        ),
      message: /^Cette sauvegarde vient d'une version plus récente de Planify \(9\.0\.0\)/,
    },
    {
      name: "a database from a newer version",
      file: () => rewrite("base-future.tar", newerDatabase),
      message: /elle vient d'une version plus récente de Planify \(migration 9999_futur inconnue de la version 0\.1\.0\)/,
    },
    {
      name: "a damaged database with matching checksums",
      file: () => rewrite("base-abimee.tar", (e) => void e.set("planify.db", new Uint8Array(8192).fill(7))),
      message: /^Base de la sauvegarde : (ce n'est pas une base SQLite valide|la base ne s'ouvre pas)/,
    },
    {
      name: "counts that do not match the manifest",
      file: () =>
        rewrite(
          "comptes.tar",
          editManifest((m) => void (m.counts.subjects = 5)),
          false,
        ),
      message: /la table subjects n'a pas le nombre de lignes annoncé/,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const before = fingerprint(target);
      await expect(restoreBackup(await c.file(), target, VERSION)).rejects.toThrow(c.message);
      expect(fingerprint(target)).toEqual(before);
    });
  }

  it("a refused restore into a new folder leaves no folder behind", async () => {
    const fresh = join(root, "neuve");
    await expect(
      restoreBackup(await rewrite("sans-manifeste-2.tar", (e) => void e.delete("manifest.json")), fresh, VERSION),
    ).rejects.toThrow(/manifest\.json absent/);
    expect(existsSync(fresh)).toBe(false);
  });
});

describe("restore of a good archive", () => {
  it("puts back database, uploads and secret; the previous ones go aside", async () => {
    const before = fingerprint(target);
    const r = await restoreBackup(good, target, VERSION, new Date("2026-11-23T10:00:00Z"));
    expect(r.keptDir).toBe(join(target, "avant-restauration-2026-11-23T10-00-00-000Z"));
    expect(readFileSync(join(target, "uploads", "submissions", "tache-1", "AbCdEfGhIjKlMnOpQr12.pdf"), "utf8")).toContain(MARK);
    expect(existsSync(join(target, "uploads", "divers"))).toBe(false);
    expect(statSync(join(target, "jwt-secret")).mode & 0o777).toBe(0o600);
    expect(statSync(join(target, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    const kept = fingerprint(r.keptDir!);
    expect(kept["uploads/submissions/tache-1/AbCdEfGhIjKlMnOpQr12.pdf"]).toBe(
      before["uploads/submissions/tache-1/AbCdEfGhIjKlMnOpQr12.pdf"],
    );
    expect(kept["jwt-secret"]).toBe(before["jwt-secret"]);
    expect(kept["vapid-keys.json"]).toBe(before["vapid-keys.json"]);
    expect(readdirSync(target).filter((n) => n.startsWith("."))).toEqual([]);
  });
});

describe("restore and the folder's lock", () => {
  it("holds the lock from start to end: a server started meanwhile is refused as usual, and no pid file is left behind", async () => {
    const dir = join(root, "pendant");
    makeDataDir(dir, "%PDF-1.4 pendant");
    const restoring = restoreBackup(good, dir, VERSION);
    expect(dataDirHeld(dir)).toBe(true);
    expect(() => lockDataDir(dir)).toThrow(
      `Le dossier de données ${dir} est déjà utilisé par un autre serveur Planify (PID ${process.pid}).`,
    );
    await restoring;
    expect(existsSync(join(dir, "planify.pid"))).toBe(false);
    expect(dataDirHeld(dir)).toBe(false);
    lockDataDir(dir).release();
  });

  it("a stale pid file whose PID was reused does not refuse a restore when the lock is free", async () => {
    const dir = join(root, "pid-perime");
    makeDataDir(dir, "%PDF-1.4 pid");
    // PID 1 is always alive: a server long gone whose number another process now has.
    writeFileSync(join(dir, "planify.pid"), "1");
    const r = await restoreBackup(good, dir, VERSION);
    expect(r.keptDir).not.toBeNull();
    expect(existsSync(join(dir, "planify.pid"))).toBe(false);
  });

  it("without a lock file (an older server), a live PID in the pid file still refuses", async () => {
    const dir = join(root, "ancien-serveur");
    mkdirSync(dir);
    writeFileSync(join(dir, "planify.pid"), "1");
    await expect(restoreBackup(good, dir, VERSION)).rejects.toThrow(
      "Le serveur utilise ce dossier (PID 1) : arrêtez-le avant de restaurer. Rien n'a été modifié.",
    );
    expect(readdirSync(dir)).toEqual(["planify.pid"]);
  });

  it("a restore refused because a server holds the lock says so, the holder's pid file untouched", async () => {
    const dir = join(root, "tenu");
    makeDataDir(dir, "%PDF-1.4 tenu");
    const lock = lockDataDir(dir);
    try {
      const before = fingerprint(dir);
      await expect(restoreBackup(good, dir, VERSION)).rejects.toThrow(
        `Le serveur utilise ce dossier (PID ${process.pid}) : arrêtez-le avant de restaurer. Rien n'a été modifié.`,
      );
      expect(fingerprint(dir)).toEqual(before);
    } finally {
      lock.release();
    }
  });
});

describe("backup failures", () => {
  it("an impossible target answers in French and leaves nothing behind", async () => {
    writeFileSync(join(root, "un-fichier"), "x");
    const target = join(root, "un-fichier", "sous-dossier", "copie.tar");
    await expect(createBackup({ dataDir: source, target, version: VERSION })).rejects.toThrow(
      /^Sauvegarde impossible : (un fichier du même nom existe déjà|un élément du chemin n'est pas un dossier) \(E[A-Z]+\)$/,
    );
    expect(readdirSync(root).filter((n) => n.includes("partiel") || n.includes(".base-"))).toEqual([]);
  });
});

describe("restore failures", () => {
  it("a data folder that cannot be made answers in French", async () => {
    writeFileSync(join(root, "pas-un-dossier"), "x");
    await expect(restoreBackup(good, join(root, "pas-un-dossier", "donnees"), VERSION)).rejects.toThrow(
      /^Restauration impossible : (un fichier du même nom existe déjà|un élément du chemin n'est pas un dossier) \(E[A-Z]+\)\. Rien n'a été modifié\.$/,
    );
  });
});
