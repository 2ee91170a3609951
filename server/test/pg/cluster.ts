// A throw-away PostgreSQL for tests: its own cluster in a temp folder, on a free port of
// 127.0.0.1, with a migrated template database that fresh databases are copied from. Developer
// tooling (English messages). Used by the pg tests (./suite.ts) and `node scripts/run.mjs pg-test-cluster`.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { applyPgMigrations } from "../../src/db/migrate-pg";

/** The migrated database every test database is copied from. */
export const TEMPLATE_DB = "planify_template";

export interface PgCluster {
  /** Connection address of the `postgres` maintenance database. */
  adminUrl: string;
  /** The cluster's folder (data, socket, log); null for a cluster started elsewhere. */
  dir: string | null;
  /** Connection address of a database of this cluster. */
  url(database: string): string;
  /**
   * A new database copied from the migrated template (or empty, from template0, with
   * `{ empty: true }`); resolves to its address.
   */
  createDatabase(options?: { empty?: boolean }): Promise<string>;
  /** Stops the server and removes its folder (nothing when the cluster belongs to someone else). */
  stop(): Promise<void>;
  /**
   * Stops the server as an operator's restart does (pg_ctl stop -m fast: open connections are
   * cut with 57P01), keeping its folder; `resume` starts it again on the same port. Only for a
   * cluster started here (startPgCluster): throws on one started elsewhere.
   */
  halt(): void;
  resume(): void;
}

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), or null when none is installed. */
export function findPgBinDir(pgConfig = "pg_config", debian = "/usr/lib/postgresql"): string | null {
  const hasServer = (dir: string) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"));
  const config = spawnSync(pgConfig, ["--bindir"], { encoding: "utf8" });
  if (config.status === 0 && hasServer(config.stdout.trim())) return config.stdout.trim();
  if (!existsSync(debian)) return null;
  // The newest installed version first (Debian: /usr/lib/postgresql/<major>/bin).
  const versions = readdirSync(debian)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (hasServer(join(debian, v, "bin"))) return join(debian, v, "bin");
  return null;
}

export const PG_MISSING =
  "PostgreSQL server binaries not found (pg_config --bindir, /usr/lib/postgresql/*/bin). " +
  "Install Debian's postgresql package (.ci/run does), or set PLANIFY_PG_TESTS=off to skip the PostgreSQL tests.";

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function runAs(): { prefix: string[]; owner?: { uid: number; gid: number } } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const [uid, gid] = [id("-u"), id("-g")];
  if (uid.status !== 0) throw new Error("Running as root and there is no `postgres` user to run PostgreSQL as.");
  return { prefix: ["runuser", "-u", "postgres", "--"], owner: { uid: Number(uid.stdout), gid: Number(gid.stdout) } };
}

function exec(argv: string[]) {
  return spawnSync(argv[0]!, argv.slice(1), { encoding: "utf8" });
}

function must(argv: string[], what: string): void {
  const r = exec(argv);
  if (r.status !== 0) throw new Error(`${what} failed (${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let counter = 0;

/** Hands out databases of a running cluster (ours or one given by PLANIFY_PG_TEST_URL). */
function clusterAt(
  adminUrl: string,
  dir: string | null,
  stop: () => Promise<void>,
  control: { halt(): void; resume(): void } = {
    halt: () => {
      throw new Error("halt: this cluster was started elsewhere (PLANIFY_PG_TEST_URL)");
    },
    resume: () => {
      throw new Error("resume: this cluster was started elsewhere (PLANIFY_PG_TEST_URL)");
    },
  },
): PgCluster {
  const url = (database: string) => {
    const u = new URL(adminUrl);
    u.pathname = `/${database}`;
    return u.toString();
  };
  return {
    adminUrl,
    dir,
    url,
    async createDatabase({ empty = false } = {}) {
      const name = `t_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new SQL({ url: adminUrl, max: 1 });
      try {
        await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${empty ? "template0" : TEMPLATE_DB}`);
      } finally {
        await admin.close();
      }
      return url(name);
    },
    stop,
    halt: () => control.halt(),
    resume: () => control.resume(),
  };
}

/** Uses a cluster someone else started and will stop (its template must exist). */
export function connectPgCluster(adminUrl: string): PgCluster {
  return clusterAt(adminUrl, null, async () => {});
}

/**
 * Creates and starts a cluster, then its migrated template. Throws PG_MISSING when PostgreSQL is
 * not installed. The folder and the server go away on stop(), and also when this process dies
 * without calling it (a watcher process outlives it by a second at most).
 */
export async function startPgCluster({ find = () => findPgBinDir() } = {}): Promise<PgCluster> {
  const bin = find();
  if (!bin) throw new Error(PG_MISSING);
  const { prefix, owner } = runAs();
  const dir = mkdtempSync(join(tmpdir(), "planify-pg-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, "data");
  const pgCtl = (...args: string[]) => [...prefix, join(bin, "pg_ctl"), "-D", data, ...args];
  let watcher: ChildProcess | undefined;
  const remove = () => {
    exec(pgCtl("-m", "immediate", "stop"));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // C collation: text sorts by bytes, as SQLite's BINARY does.
    must(
      [...prefix, join(bin, "initdb"), "-D", data, "--auth=trust", "--encoding=UTF8", "--locale=C", "--username=postgres", "--no-sync"],
      "initdb",
    );
    appendFileSync(
      join(data, "postgresql.conf"),
      [
        "\n# Planify test cluster: nothing here needs to survive a crash.",
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        "fsync = off",
        "synchronous_commit = off",
        "full_page_writes = off",
        "",
      ].join("\n"),
    );
    // Watches this process: if it dies without stop(), the server and the folder go with it.
    const stopCmd = pgCtl("-m", "immediate", "stop")
      .map((a) => `'${a}'`)
      .join(" ");
    watcher = spawn(
      "sh",
      ["-c", `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stopCmd} >/dev/null 2>&1; rm -rf '${dir}'`],
      { detached: true, stdio: "ignore" },
    );
    watcher.unref();
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const r = exec(pgCtl("-w", "-t", "60", "-l", join(dir, "server.log"), "-o", `-p ${port}`, "start"));
      if (r.status === 0) break;
      // Another program may have taken the port between the check and the start.
      if (attempt === 3) throw new Error(`pg_ctl start failed: ${r.stderr || r.stdout}`);
    }
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const admin = new SQL({ url: adminUrl, max: 1 });
    await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.close();
    const template = new SQL({ url: adminUrl.replace(/\/postgres$/, `/${TEMPLATE_DB}`), max: 1 });
    try {
      await applyPgMigrations(template);
    } finally {
      await template.close();
    }
    const w = watcher;
    const started = ["-w", "-t", "60", "-l", join(dir, "server.log"), "-o", `-p ${port}`, "start"];
    return clusterAt(
      adminUrl,
      dir,
      async () => {
        if (w.pid) process.kill(w.pid);
        remove();
      },
      { halt: () => must(pgCtl("-m", "fast", "-w", "stop"), "pg_ctl stop"), resume: () => must(pgCtl(...started), "pg_ctl start") },
    );
  } catch (e) {
    if (watcher?.pid) process.kill(watcher.pid);
    remove();
    throw e;
  }
}
