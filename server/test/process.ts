// Helpers for tests that run the real server as a separate process (bun server/src/main.ts).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, beforeAll } from "vitest";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
export const MAIN = join(here, "..", "src", "main.ts");

/** main.ts imports the generated web asset map; a fresh clone may not have it yet. */
export function ensureWebAssetMap(): void {
  if (existsSync(join(here, "..", "src", "static", "web-assets.generated.ts"))) return;
  const script = join(here, "..", "..", "scripts", "lib", "embed-web.ts");
  const r = Bun.spawnSync([process.execPath, "-e", `import { embedWeb } from ${JSON.stringify(script)}; embedWeb();`]);
  if (r.exitCode !== 0) throw new Error(`embedWeb failed: ${r.stderr.toString()}`);
}

/** The compiled dist/planify-server (or PLANIFY_DIST_DIR's) when it has been built, else null. */
export function builtBinary(): string | null {
  const binary = join(process.env.PLANIFY_DIST_DIR ?? join(here, "..", "..", "dist"), "planify-server");
  return existsSync(binary) ? binary : null;
}

/** The environment without any Planify setting of the caller's shell. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // DATABASE_URL too: a test run on PostgreSQL (server-pg) must not move the servers it starts there;
    // nor S3_* a shell's bucket.
    if (v !== undefined && !k.startsWith("PLANIFY_") && !k.startsWith("S3_") && k !== "PORT" && k !== "DATABASE_URL") env[k] = v;
  }
  // A test machine may have little free space: health stays 200 unless a test asks otherwise.
  return { ...env, PLANIFY_DISK_MIN_FREE_MB: "0", ...extra };
}

/**
 * Runs a main.ts command to completion (backup, restore, --help, bad flags, a refused start).
 * A process still running after `timeoutMs` is killed (a start that should have been refused).
 * `prefix` runs it through another command (e.g. setpriv to drop root).
 */
export async function runMain(args: string[], env: Record<string, string> = {}, { timeoutMs = 60_000, prefix = [] as string[] } = {}) {
  const proc = Bun.spawn([...prefix, process.execPath, MAIN, ...args], { env: cleanEnv(env), stdout: "pipe", stderr: "pipe" });
  const killer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(killer);
  return { stdout, stderr, code };
}

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>;
  exited: Promise<number>;
}

/**
 * Starts the server and waits for its "prêt" line: from source by default, or `command` (e.g. the
 * compiled dist/planify-server); on a random port, or on `port` (a node restarted where its load
 * balancer expects it).
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
  command: string[] = [process.execPath, MAIN],
  listenOn = 0,
): Promise<RunningServer> {
  const proc = Bun.spawn([...command, "--port", String(listenOn), "--host", "127.0.0.1", "--data-dir", dataDir], {
    env: cleanEnv(env),
    stdout: "pipe",
    stderr: "pipe",
  });
  let text = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  };
  const pumping = Promise.all([pump(proc.stdout), pump(proc.stderr)]);
  const deadline = Date.now() + timeoutMs;
  let port = 0;
  while (!port) {
    const match = text.match(/est prêt : http:\/\/localhost:(\d+)/);
    if (match) port = Number(match[1]);
    else if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`server exited (${proc.exitCode ?? proc.signalCode}): ${text}`);
    else if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server did not start: ${text}`);
    } else await Bun.sleep(25);
  }
  const exited = proc.exited.then(async (code) => {
    await pumping;
    return code;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: proc.pid,
    output: () => text,
    exited,
    stop(signal = "SIGTERM") {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/** JSON POST helper against a running server. */
export async function postJson(url: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  // A body that is not JSON (or none) is `json: null`; the status tells the test what happened.
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/**
 * One real server for a whole test file, on a fresh data folder, with its `admin` signed in:
 * started before the file's tests, killed and its folder removed after them.
 */
export function serverPerFile(name: string, env: Record<string, string> = {}): { readonly url: string; readonly adminToken: string } {
  const dir = mkdtempSync(join(tmpdir(), `planify-${name}-`));
  const adminPassword = `admin-${name}-2026`;
  let server: RunningServer | undefined;
  let adminToken = "";
  beforeAll(async () => {
    ensureWebAssetMap();
    server = await startServer(dir, { PLANIFY_ADMIN_PASSWORD: adminPassword, ...env });
    const login = await postJson(`${server.url}/api/users/login`, { username: "admin", password: adminPassword });
    adminToken = String(login.json?.token);
  }, 60_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get url() {
      return server!.url;
    },
    get adminToken() {
      return adminToken;
    },
  };
}
