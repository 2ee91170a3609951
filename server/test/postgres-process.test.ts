import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebAssetMap, postJson, runMain, startServer, type RunningServer } from "./process";
import { describePg, usePgCluster } from "./pg/suite";

// The real server process on PostgreSQL: DATABASE_URL on an empty database, and the refusals
// an operator meets when the address is wrong.
const dirs: string[] = [];
const running: RunningServer[] = [];
beforeAll(() => ensureWebAssetMap());
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), "planify-pg-proc-"));
  dirs.push(d);
  return d;
};

describePg("the server on PostgreSQL", { timeout: 120_000 }, () => {
  const cluster = usePgCluster();

  it("starts on an empty database, says so, creates its tables and the admin, and serves logins", async () => {
    const url = await cluster().createDatabase({ empty: true });
    const s = await startServer(newDir(), { DATABASE_URL: url, PLANIFY_ADMIN_PASSWORD: "admin-pg-2026" });
    running.push(s);
    expect(s.output()).toContain("Base : PostgreSQL postgres://postgres@127.0.0.1:");
    const health = await fetch(`${s.url}/api/health`);
    expect([health.status, ((await health.json()) as { engine: string }).engine]).toEqual([200, "postgres"]);
    const admin = await postJson(`${s.url}/api/users/login`, { username: "admin", password: "admin-pg-2026" });
    expect(admin.status).toBe(200);
    const created = await postJson(
      `${s.url}/api/users/register`,
      { username: "lea.pg", password: "motdepasse-pg", role: "eleve", year: "BUT1", groupe: "A" },
      (admin.json as { token: string }).token,
    );
    expect(created.status).toBe(201);
    const lea = await postJson(`${s.url}/api/users/login`, { username: "lea.pg", password: "motdepasse-pg" });
    expect(lea.status).toBe(200);
    expect(await s.stop("SIGTERM")).toBe(0);
  });

  it("refuses to start when PostgreSQL does not answer, in French, without showing the password", async () => {
    const r = await runMain(["--data-dir", newDir()], { DATABASE_URL: "postgres://planify:mot-de-passe-secret@127.0.0.1:1/planify" });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("La base PostgreSQL postgres://planify:***@127.0.0.1:1/planify est injoignable");
    expect(r.stdout + r.stderr).not.toContain("mot-de-passe-secret");
    expect(r.stdout).not.toContain("est prêt");
  });

  it("refuses a database address that is not postgres://", async () => {
    const r = await runMain(["--data-dir", newDir(), "--database-url", "mysql://planify@localhost/planify"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("DATABASE_URL invalide");
  });
});
