import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebAssetMap, postJson, runMain, startServer, type RunningServer } from "./process";

// PLANIFY_HASH_CONCURRENCY reaches the running server's hash limiter, and logins sent all
// at once to the real process all get their session.
const dirs: string[] = [];
const running: RunningServer[] = [];
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), "planify-hash-"));
  dirs.push(d);
  return d;
};

beforeAll(() => ensureWebAssetMap());
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("password hash limit of the running server", { timeout: 120_000 }, () => {
  it("keeps a core free by default and takes PLANIFY_HASH_CONCURRENCY; concurrent logins all succeed", async () => {
    const byDefault = await startServer(newDir(), { PLANIFY_ADMIN_PASSWORD: "admin-du-test-2026" });
    running.push(byDefault);
    expect(byDefault.output()).toContain(`"message":"password hashing limited","atOnce":${Math.max(1, availableParallelism() - 1)}`);

    const s = await startServer(newDir(), { PLANIFY_ADMIN_PASSWORD: "admin-du-test-2026", PLANIFY_HASH_CONCURRENCY: "1" });
    running.push(s);
    expect(s.output()).toContain(`"message":"password hashing limited","atOnce":1,"queueMax":64`);
    const admin = await postJson(`${s.url}/api/users/login`, { username: "admin", password: "admin-du-test-2026" });
    const names = Array.from({ length: 6 }, (_, k) => `eleve.${k}`);
    for (const username of names) {
      const created = await postJson(
        `${s.url}/api/users/register`,
        { username, password: "motdepasse-123", role: "eleve", year: "BUT1", groupe: "A" },
        String(admin.json?.token),
      );
      expect(created.status).toBe(201);
    }
    const logins = await Promise.all(
      names.map((username) => postJson(`${s.url}/api/users/login`, { username, password: "motdepasse-123" })),
    );
    expect(logins.map((l) => l.status)).toEqual(Array(6).fill(200));
  });

  it("refuses a nonsense limit in French before starting", async () => {
    const r = await runMain(["--data-dir", newDir()], { PLANIFY_HASH_CONCURRENCY: "zéro" });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("PLANIFY_HASH_CONCURRENCY invalide (un nombre entier entre 1 et 256 est attendu).");
  });
});
