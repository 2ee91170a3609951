import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { describe, expect, it } from "vitest";
import { PG_MISSING, findPgBinDir, startPgCluster } from "./cluster";
import { describePg } from "./suite";

const here = new URL(".", import.meta.url).pathname;

async function reachable(url: string): Promise<boolean> {
  const sql = new SQL({ url, max: 1, connectionTimeout: 2 });
  try {
    await sql`SELECT 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.close();
  }
}

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await Bun.sleep(200);
  }
  return check();
}

describe("finding PostgreSQL", () => {
  it("without pg_config or a /usr/lib/postgresql/<version>/bin, there is none, and starting says so plainly", async () => {
    const empty = mkdtempSync(join(tmpdir(), "planify-nopg-"));
    try {
      expect(findPgBinDir("no-such-pg_config", empty)).toBeNull();
      expect(findPgBinDir("no-such-pg_config", join(empty, "absent"))).toBeNull();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    await expect(startPgCluster({ find: () => null })).rejects.toThrow(PG_MISSING);
    expect(PG_MISSING).toMatch(/PostgreSQL server binaries not found.*PLANIFY_PG_TESTS=off/);
  });
});

describePg("the throw-away cluster", () => {
  it("stop() stops the server and removes its folder", async () => {
    const cluster = await startPgCluster();
    expect(existsSync(cluster.dir!)).toBe(true);
    expect(await reachable(cluster.adminUrl)).toBe(true);
    await cluster.stop();
    expect(existsSync(cluster.dir!)).toBe(false);
    expect(await reachable(cluster.adminUrl)).toBe(false);
  }, 60_000);

  it("a process killed without stop() leaves no server and no folder behind", async () => {
    const script = `import { startPgCluster } from ${JSON.stringify(join(here, "cluster.ts"))};
      const c = await startPgCluster(); console.log(JSON.stringify({ dir: c.dir, url: c.adminUrl }));
      process.kill(process.pid, "SIGKILL");`;
    const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
    const out = await new Response(child.stdout).text();
    await child.exited;
    const { dir, url } = JSON.parse(out.trim().split("\n").pop()!) as { dir: string; url: string };
    expect(await until(async () => !existsSync(dir) && !(await reachable(url)), 15_000)).toBe(true);
  }, 60_000);
});
