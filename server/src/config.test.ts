import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { HELP, loadConfig } from "./config";

describe("configuration", () => {
  it("has defaults: port 3000, ./planify-data, no proxy trust", () => {
    const c = loadConfig([], {});
    expect(c).toMatchObject({ command: "serve", port: 3000, dataDir: resolve("planify-data"), trustProxy: false, adminPassword: null, jwtSecret: null, demo: false, publicUrl: null });
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
    expect(c).toMatchObject({ port: 8080, dataDir: "/srv/planify", trustProxy: true, publicUrl: "https://planify.exemple.fr", adminPassword: "admin-secret-1", jwtSecret: "x".repeat(32), demo: true });
  });

  it("lets flags win over the environment", () => {
    const c = loadConfig(["--port", "4000", "--data-dir", "/tmp/ici", "--demo"], { PORT: "8080", PLANIFY_DATA_DIR: "/srv/planify", PLANIFY_DEMO: "0" });
    expect(c).toMatchObject({ port: 4000, dataDir: "/tmp/ici", demo: true });
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
    expect(() => loadConfig([], { PLANIFY_JWT_SECRET: "x".repeat(31) })).toThrow("PLANIFY_JWT_SECRET doit contenir au moins 32 caractères.");
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
    expect(loadConfig(["backup", "copie.db", "--data-dir", "/srv/p"], {})).toMatchObject({ command: "backup", file: resolve("copie.db"), dataDir: "/srv/p" });
    expect(loadConfig(["restore", "/tmp/c.db"], {})).toMatchObject({ command: "restore", file: "/tmp/c.db" });
    expect(loadConfig(["--help"], {}).command).toBe("help");
  });

  it("documents every setting in the French help", () => {
    for (const name of ["--port", "PORT", "--data-dir", "PLANIFY_DATA_DIR", "PLANIFY_PUBLIC_URL", "PLANIFY_TRUST_PROXY", "PLANIFY_ADMIN_PASSWORD", "PLANIFY_JWT_SECRET", "--demo", "backup", "restore"]) {
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
