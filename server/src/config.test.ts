import { describe, expect, it } from "vitest";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { HELP, loadConfig, sweepCron } from "./config";

describe("configuration", () => {
  it("has defaults: port 3000, ./planify-data, no proxy trust", () => {
    const c = loadConfig([], {});
    expect(c).toMatchObject({
      command: "serve",
      port: 3000,
      dataDir: resolve("planify-data"),
      trustProxy: false,
      adminPassword: null,
      jwtSecret: null,
      demo: false,
      publicUrl: null,
    });
  });

  it("reads the environment", () => {
    const c = loadConfig([], {
      PORT: "8080",
      PLANIFY_DATA_DIR: "/srv/planify",
      PLANIFY_TRUST_PROXY: "1",
      PLANIFY_PUBLIC_URL: "https://planify.exemple.fr",
      PLANIFY_ADMIN_PASSWORD: "admin-secret-1",
      PLANIFY_JWT_SECRET: "x".repeat(32),
      PLANIFY_DEMO: "oui",
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: "/srv/planify",
      trustProxy: true,
      publicUrl: "https://planify.exemple.fr",
      adminPassword: "admin-secret-1",
      jwtSecret: "x".repeat(32),
      demo: true,
    });
  });

  it("lets flags win over the environment", () => {
    const c = loadConfig(["--port", "4000", "--data-dir", "/tmp/ici", "--demo"], {
      PORT: "8080",
      PLANIFY_DATA_DIR: "/srv/planify",
      PLANIFY_DEMO: "0",
    });
    expect(c).toMatchObject({ port: 4000, dataDir: "/tmp/ici", demo: true });
  });

  it("sweeps live events every 5 minutes by default, at a pace that divides the minute or the hour, and refuses any other in French", () => {
    expect(loadConfig([], {}).liveSweepSeconds).toBe(300);
    expect(loadConfig([], { PLANIFY_LIVE_SWEEP_SECONDS: "2" }).liveSweepSeconds).toBe(2);
    expect([2, 60, 300, 3600].map(sweepCron)).toEqual(["*/2 * * * * *", "0 */1 * * * *", "0 */5 * * * *", "0 0 * * * *"]);
    expect([7, 90, 420].map(sweepCron)).toEqual([null, null, null]);
    expect(() => loadConfig([], { PLANIFY_LIVE_SWEEP_SECONDS: "7" })).toThrow(
      /^PLANIFY_LIVE_SWEEP_SECONDS invalide : 7\. Donnez un diviseur de 60/,
    );
    expect(HELP).toContain("PLANIFY_LIVE_SWEEP_SECONDS");
  });

  it("reads trust-proxy strictly", () => {
    expect(loadConfig([], { PLANIFY_TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig([], { PLANIFY_TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig([], { PLANIFY_TRUST_PROXY: "true" }).trustProxy).toBe(true);
  });

  it.each(["abc", "70000", "-1", "80.5", "", " "])("refuses the port %j in French", (port) => {
    expect(() => loadConfig([`--port=${port}`], {})).toThrow(/^Port invalide/);
    expect(() => loadConfig([], { PORT: port || "x" })).toThrow(/^Port invalide/);
  });

  it("refuses a JWT secret shorter than 32 characters", () => {
    expect(() => loadConfig([], { PLANIFY_JWT_SECRET: "x".repeat(31) })).toThrow(
      "PLANIFY_JWT_SECRET doit contenir au moins 32 caractères.",
    );
    expect(loadConfig([], { PLANIFY_JWT_SECRET: "x".repeat(32) }).jwtSecret).toHaveLength(32);
  });

  it("explains unknown options and commands in French", () => {
    expect(() => loadConfig(["--prot", "3000"], {})).toThrow("Option inconnue : --prot. Voir --help.");
    expect(() => loadConfig(["--port"], {})).toThrow("L'option --port attend une valeur. Voir --help.");
    expect(() => loadConfig(["--demo=1"], {})).toThrow("L'option --demo ne prend pas de valeur. Voir --help.");
    expect(() => loadConfig(["sauvegarde", "x.db"], {})).toThrow(/^Commande inconnue : sauvegarde x\.db/);
    expect(() => loadConfig(["backup"], {})).toThrow(/^Commande inconnue/);
  });

  it("parses backup and restore with an absolute file", () => {
    expect(loadConfig(["backup", "copie.db", "--data-dir", "/srv/p"], {})).toMatchObject({
      command: "backup",
      file: resolve("copie.db"),
      dataDir: "/srv/p",
    });
    expect(loadConfig(["restore", "/tmp/c.db"], {})).toMatchObject({ command: "restore", file: "/tmp/c.db" });
    expect(loadConfig(["--help"], {}).command).toBe("help");
  });

  it("parses migrate --to and --files, and refuses them elsewhere or malformed, in French", () => {
    const to = "postgres://planify:mdp@db:5432/planify";
    expect(loadConfig(["migrate", "--to", to, "--data-dir", "/srv/p"], {})).toMatchObject({
      command: "migrate",
      migrateTo: to,
      migrateFiles: "disque",
      dataDir: "/srv/p",
    });
    expect(loadConfig(["migrate", "--to", to, "--files", "s3"], {}).migrateFiles).toBe("s3");
    // --files s3 alone moves only the files; the bucket is read from S3_* then (and only then for migrate).
    const bucketEnv = { S3_BUCKET: "ecole", S3_ENDPOINT: "http://s3:9000", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "cle" };
    expect(loadConfig(["migrate", "--files", "s3"], bucketEnv)).toMatchObject({ migrateFiles: "s3", s3: { bucket: "ecole" } });
    expect(loadConfig(["migrate", "--files", "s3"], bucketEnv).migrateTo).toBeUndefined();
    expect(loadConfig(["migrate", "--to", to], bucketEnv).s3).toBeNull();
    expect(loadConfig(["backup", "a.tar"], bucketEnv).s3).toMatchObject({ bucket: "ecole", endpoint: "http://s3:9000" });
    expect(() => loadConfig(["restore", "a.tar"], { S3_BUCKET: "ecole" })).toThrow(/^Stockage objet incomplet : S3_BUCKET est donné/);
    expect(() => loadConfig(["migrate", "--files", "disque"], {})).toThrow("indiquez la base PostgreSQL de destination avec --to");
    expect(() => loadConfig(["migrate"], {})).toThrow("planify-server migrate : indiquez la base PostgreSQL de destination avec --to");
    expect(() => loadConfig(["migrate", "--to", "mysql://x/y"], {})).toThrow(/^--to invalide : une adresse postgres:\/\//);
    expect(() => loadConfig(["migrate", "--to", to, "--files", "ftp"], {})).toThrow("--files ftp : valeur inconnue (disque ou s3).");
    expect(() => loadConfig(["migrate", "x", "--to", to], {})).toThrow(/^Commande inconnue : migrate x/);
    expect(() => loadConfig(["--to", to], {})).toThrow("--to et --files ne servent qu'à planify-server migrate.");
  });

  it("reads the per-address login ceiling (300 by default) and refuses nonsense in French", () => {
    expect(loadConfig([], {}).loginIpMax).toBe(300);
    expect(loadConfig([], { PLANIFY_LOGIN_IP_MAX: "1500" }).loginIpMax).toBe(1500);
    for (const bad of ["0", "-5", "abc", "2.5"]) {
      expect(() => loadConfig([], { PLANIFY_LOGIN_IP_MAX: bad })).toThrow(/^PLANIFY_LOGIN_IP_MAX invalide/);
    }
  });

  it("reads the takeover (--takeover or PLANIFY_TAKEOVER, off by default) and its wait (60 s by default), documented, nonsense refused in French", () => {
    expect(loadConfig([], {})).toMatchObject({ takeover: false, takeoverWaitSeconds: 60 });
    expect(loadConfig(["--takeover"], {}).takeover).toBe(true);
    expect(loadConfig([], { PLANIFY_TAKEOVER: "1" }).takeover).toBe(true);
    expect(loadConfig([], { PLANIFY_TAKEOVER: "0" }).takeover).toBe(false);
    expect(loadConfig([], { PLANIFY_TAKEOVER_WAIT_SECONDS: "5" }).takeoverWaitSeconds).toBe(5);
    for (const bad of ["0", "601", "abc", "2.5"]) {
      expect(() => loadConfig([], { PLANIFY_TAKEOVER_WAIT_SECONDS: bad })).toThrow(/^PLANIFY_TAKEOVER_WAIT_SECONDS invalide/);
    }
    expect(() => loadConfig(["--takeover=oui"], {})).toThrow("L'option --takeover ne prend pas de valeur. Voir --help.");
    expect(HELP).toContain("--takeover            / PLANIFY_TAKEOVER=1");
    expect(HELP).toContain("PLANIFY_TAKEOVER_WAIT_SECONDS");
  });

  it("reads the account quota and the free-space threshold (500 MB each by default, 0 allowed) and refuses nonsense in French", () => {
    const MB = 1024 * 1024;
    expect(loadConfig([], {})).toMatchObject({ userQuotaBytes: 500 * MB, diskMinFreeBytes: 500 * MB });
    expect(loadConfig([], { PLANIFY_USER_QUOTA_MB: "0", PLANIFY_DISK_MIN_FREE_MB: "2048" })).toMatchObject({
      userQuotaBytes: 0,
      diskMinFreeBytes: 2048 * MB,
    });
    for (const name of ["PLANIFY_USER_QUOTA_MB", "PLANIFY_DISK_MIN_FREE_MB"]) {
      for (const bad of ["-1", "abc", " "]) expect(() => loadConfig([], { [name]: bad })).toThrow(new RegExp(`^${name} invalide`));
    }
  });

  it("reads how many password hashes run at once (default: cores − 1), documented in --help", () => {
    expect(loadConfig([], {}).hashConcurrency).toBeNull();
    expect(loadConfig([], { PLANIFY_HASH_CONCURRENCY: "3" }).hashConcurrency).toBe(3);
    for (const bad of ["0", "-1", "deux", "1.5", "257"]) {
      expect(() => loadConfig([], { PLANIFY_HASH_CONCURRENCY: bad })).toThrow(/^PLANIFY_HASH_CONCURRENCY invalide/);
    }
    expect(HELP).toContain("PLANIFY_HASH_CONCURRENCY");
  });

  it("--help says what PLANIFY_SSO_CONFIG holds today: its secrets in …File fields, the admin screen's providers when it is absent", () => {
    const lines = HELP.slice(HELP.indexOf("PLANIFY_SSO_CONFIG"), HELP.indexOf("Chaque secret")).replace(/\s+/g, " ");
    expect(lines).toContain("secrets et clés par champ …File");
    expect(lines).toContain("absent : seuls ceux de l'écran admin « Connexion ENT »");
  });

  describe("secrets read from files (*_FILE)", () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-config-"));
    const file = (name: string, content: string) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    };

    it("reads each secret from its file, without the final newline", () => {
      const c = loadConfig([], {
        PLANIFY_JWT_SECRET_FILE: file("jwt", `${"s".repeat(40)}\n`),
        PLANIFY_ADMIN_PASSWORD_FILE: file("admin", "mot de passe admin\r\n"),
        PLANIFY_SMTP_URL_FILE: file("smtp", "smtp://planify:secret@mail.exemple.fr:587\n"),
      });
      expect(c).toMatchObject({
        jwtSecret: "s".repeat(40),
        adminPassword: "mot de passe admin",
        smtpUrl: "smtp://planify:secret@mail.exemple.fr:587",
      });
    });

    it.each(["PLANIFY_JWT_SECRET", "PLANIFY_ADMIN_PASSWORD", "PLANIFY_SMTP_URL"])("refuses %s together with its _FILE variant", (name) => {
      expect(() => loadConfig([], { [name]: "x".repeat(40), [`${name}_FILE`]: file("both", "y".repeat(40)) })).toThrow(
        `${name} et ${name}_FILE sont tous deux définis : gardez-en un seul.`,
      );
    });

    it("says in French when the file cannot be read or is empty", () => {
      const missing = join(dir, "absent");
      expect(() => loadConfig([], { PLANIFY_ADMIN_PASSWORD_FILE: missing })).toThrow(
        `PLANIFY_ADMIN_PASSWORD_FILE : impossible de lire ${missing} (fichier introuvable).`,
      );
      expect(() => loadConfig([], { PLANIFY_SMTP_URL_FILE: dir })).toThrow(
        `PLANIFY_SMTP_URL_FILE : impossible de lire ${dir} (c'est un dossier).`,
      );
      const empty = file("vide", "\n");
      expect(() => loadConfig([], { PLANIFY_JWT_SECRET_FILE: empty })).toThrow(`PLANIFY_JWT_SECRET_FILE : le fichier ${empty} est vide.`);
      if (process.getuid?.() !== 0) {
        const locked = file("verrouille", "secret");
        chmodSync(locked, 0o000);
        expect(() => loadConfig([], { PLANIFY_SMTP_URL_FILE: locked })).toThrow(/\(accès refusé\)\.$/);
      }
    });

    it("still checks the length of a JWT secret read from a file", () => {
      expect(() => loadConfig([], { PLANIFY_JWT_SECRET_FILE: file("court", "trop-court\n") })).toThrow(
        "PLANIFY_JWT_SECRET doit contenir au moins 32 caractères.",
      );
    });
  });

  it("parses reset-password with its user name and --stdin", () => {
    expect(loadConfig(["reset-password", "admin", "--data-dir", "/srv/p"], {})).toMatchObject({
      command: "reset-password",
      username: "admin",
      stdin: false,
      dataDir: "/srv/p",
    });
    expect(loadConfig(["reset-password", "Jean Dupont", "--stdin"], {})).toMatchObject({
      command: "reset-password",
      username: "Jean Dupont",
      stdin: true,
    });
    expect(() => loadConfig(["reset-password"], {})).toThrow(/^Commande inconnue/);
  });

  it("documents every setting in the French help", () => {
    for (const name of [
      "reset-password",
      "--stdin",
      "PLANIFY_JWT_SECRET_FILE",
      "PLANIFY_ADMIN_PASSWORD_FILE",
      "PLANIFY_SMTP_URL_FILE",
      "--port",
      "PORT",
      "--data-dir",
      "PLANIFY_DATA_DIR",
      "PLANIFY_PUBLIC_URL",
      "PLANIFY_TRUST_PROXY",
      "PLANIFY_ADMIN_PASSWORD",
      "PLANIFY_JWT_SECRET",
      "PLANIFY_LOGIN_IP_MAX",
      "--demo",
      "backup",
      "restore",
    ]) {
      expect(HELP).toContain(name);
    }
    expect(HELP).toContain("Utilisation");
  });
});

describe("nightly backup setting", () => {
  it("is off by default; --backup-dir wins over PLANIFY_BACKUP_DIR; both documented", () => {
    expect(loadConfig([], {}).backupDir).toBeNull();
    expect(loadConfig([], { PLANIFY_BACKUP_DIR: "copies" }).backupDir).toBe(resolve("copies"));
    expect(loadConfig(["--backup-dir", "/srv/copies"], { PLANIFY_BACKUP_DIR: "autre" }).backupDir).toBe("/srv/copies");
    expect(HELP).toContain("--backup-dir DOSSIER  / PLANIFY_BACKUP_DIR");
  });
});
