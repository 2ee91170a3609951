import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanEnv, ensureWebAssetMap, MAIN, startServer } from "./process";

// Start-up guards of the real server: a database from a newer version is never touched,
// and PLANIFY_BACKUP_DIR turns the nightly backup on.
const root = mkdtempSync(join(tmpdir(), "planify-version-"));
beforeAll(() => ensureWebAssetMap());
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("server start-up", { timeout: 60_000 }, () => {
  it("refuses a database written by a newer version, in French, exit code ≠ 0, nothing changed", async () => {
    const dir = join(root, "future");
    const first = await startServer(dir, { PLANIFY_ADMIN_PASSWORD: "admin-futur-2026" });
    expect(await first.stop()).toBe(0);
    const dbFile = join(dir, "planify.db");
    const db = new Database(dbFile);
    db.exec("INSERT INTO __planify_migrations (tag, applied_at) VALUES ('0042_version_future', '2027-01-01T00:00:00Z')");
    db.close();
    const before = new Bun.CryptoHasher("sha256").update(readFileSync(dbFile)).digest("hex");

    const proc = Bun.spawn([process.execPath, MAIN, "--port", "0", "--host", "127.0.0.1", "--data-dir", dir], {
      env: cleanEnv(),
      stdout: "pipe",
      stderr: "pipe",
    });
    const killer = setTimeout(() => proc.kill("SIGKILL"), 30_000);
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    clearTimeout(killer);
    expect(code).toBe(1);
    expect(stdout).not.toContain("est prêt");
    expect(stderr).toMatch(
      /^Cette base a été écrite par une version plus récente de Planify \(migration 0042_version_future inconnue de la version \d+\.\d+\.\d+\)\. Installez la version à jour de planify-server/,
    );
    expect(new Bun.CryptoHasher("sha256").update(readFileSync(dbFile)).digest("hex")).toBe(before);
    expect(existsSync(join(dir, "planify.pid"))).toBe(false);
    expect(existsSync(join(dir, "backups"))).toBe(false);
  });

  it("PLANIFY_BACKUP_DIR turns on the nightly backup at 03:30 Paris", async () => {
    const backups = join(root, "sauvegardes");
    const server = await startServer(join(root, "nuit"), { PLANIFY_BACKUP_DIR: backups });
    for (let i = 0; i < 100 && !server.output().includes("Sauvegardes nocturnes"); i++) await Bun.sleep(20);
    expect(server.output()).toMatch(
      new RegExp(`Sauvegardes nocturnes activées dans ${backups} ; prochaine : \\d{2}/\\d{2}/\\d{4} 03:30 \\(heure de Paris\\)`),
    );
    expect(existsSync(backups)).toBe(true);
    expect(await server.stop()).toBe(0);
  });
});
