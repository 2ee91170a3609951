// Support of the cluster test (two-nodes.test.ts): server processes on a fixed port (a node
// restarted comes back where the load balancer expects it) and HAProxy in front of them, run in
// the foreground as a child process with a generated configuration. Developer tooling (English).
import { existsSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { type RunningServer, startServer } from "../process";

/** Debian's haproxy (the package .ci/run installs); PATH is looked at when it is elsewhere. */
export function findHaproxy(): string | null {
  if (existsSync("/usr/sbin/haproxy")) return "/usr/sbin/haproxy";
  return Bun.which("haproxy");
}

export const HAPROXY_MISSING =
  "HAProxy not found (/usr/sbin/haproxy, PATH): install Debian's haproxy package (apt-get install haproxy; .ci/run does). " +
  "The cluster test runs two server processes behind it and does not skip without it.";

/** `count` distinct free TCP ports of 127.0.0.1 (free when asked: the caller binds them soon after). */
export async function freePorts(count: number): Promise<number[]> {
  // All held open at once, so the system cannot hand out one of them twice.
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export interface Node extends RunningServer {
  name: string;
}

/**
 * Starts one node (`command`: the compiled binary, or bun and main.ts) on `port` and waits for
 * its "prêt" line; the server stops with a message when the port or the data folder is taken.
 */
export async function startNode(
  name: string,
  command: string[],
  port: number,
  dataDir: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<Node> {
  try {
    return { name, ...(await startServer(dataDir, env, timeoutMs, command, port)) };
  } catch (error) {
    throw new Error(`node ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export interface Haproxy {
  /** The frontend's address: what the users' browsers reach. */
  url: string;
  /** Each server's state as HAProxy sees it ("UP", "DOWN", "UP 1/2", "NOLB", …), by name. */
  states(): Promise<Record<string, string>>;
  /** Each server's row of HAProxy's statistics (CSV columns: status, hrsp_2xx, hrsp_5xx, …), by name. */
  stats(): Promise<Record<string, Record<string, string>>>;
  /** Waits until HAProxy says `server` is UP (or DOWN); throws with the states after `timeoutMs`. */
  waitFor(server: string, state: "UP" | "DOWN", timeoutMs?: number): Promise<void>;
  /** What haproxy printed (warnings, alerts). */
  output(): string;
  stop(): Promise<void>;
}

export interface HaproxyOptions {
  binary: string;
  dir: string;
  servers: { name: string; port: number }[];
}

/**
 * The configuration: HTTP mode, round robin, readiness probe every 500 ms (2 failures take a
 * server out, 2 successes put it back), 3 retries with the last one on another server, and
 * requests retried when the connection fails, the answer is empty or does not come in time.
 * Client-side keep-alive outlasts the test, so no idle connection of the test's fetch is closed
 * under it (that would be the test client's failure, not the cluster's).
 */
export function haproxyConfig(frontendPort: number, statsPort: number, servers: HaproxyOptions["servers"]): string {
  return [
    "global",
    "  maxconn 4096",
    "",
    "defaults",
    "  mode http",
    // The nodes run with PLANIFY_TRUST_PROXY=1: they read the client's address from here.
    "  option forwardfor",
    "  timeout connect 2s",
    "  timeout client 120s",
    "  timeout server 30s",
    "  timeout http-request 60s",
    "  timeout http-keep-alive 120s",
    "  timeout queue 30s",
    "  timeout check 2s",
    "  retries 3",
    "  option redispatch",
    "  retry-on conn-failure empty-response response-timeout",
    "",
    "frontend planify",
    `  bind 127.0.0.1:${frontendPort}`,
    "  default_backend nodes",
    "",
    "backend nodes",
    "  balance roundrobin",
    "  option httpchk GET /api/health/ready",
    "  http-check expect status 200",
    "  default-server inter 500ms fall 2 rise 2",
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    "",
    "frontend stats",
    `  bind 127.0.0.1:${statsPort}`,
    "  stats enable",
    "  stats uri /stats",
    "",
  ].join("\n");
}

/** Writes the configuration into `dir` and runs haproxy in the foreground (-db) until stop(). */
export async function startHaproxy({ binary, dir, servers }: HaproxyOptions): Promise<Haproxy> {
  const [frontendPort, statsPort] = (await freePorts(2)) as [number, number];
  const cfg = join(dir, "haproxy.cfg");
  writeFileSync(cfg, haproxyConfig(frontendPort, statsPort, servers));
  const check = Bun.spawnSync([binary, "-c", "-f", cfg]);
  if (check.exitCode !== 0) throw new Error(`haproxy -c refused the configuration: ${check.stderr.toString()}${check.stdout.toString()}`);
  const proc = Bun.spawn([binary, "-f", cfg, "-db"], { stdout: "pipe", stderr: "pipe" });
  let text = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  };
  const pumping = Promise.all([pump(proc.stdout), pump(proc.stderr)]);
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;

  const stats = async (): Promise<Record<string, Record<string, string>>> => {
    const csv = await (await fetch(statsUrl)).text();
    const [header, ...rows] = csv.trim().split("\n");
    const columns = header!.replace(/^# /, "").split(",");
    const out: Record<string, Record<string, string>> = {};
    for (const row of rows) {
      const cells = row.split(",");
      const line = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ""]));
      if (line.pxname === "nodes" && line.svname !== "BACKEND") out[line.svname!] = line;
    }
    return out;
  };
  const states = async () => Object.fromEntries(Object.entries(await stats()).map(([name, line]) => [name, line.status ?? ""]));

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`haproxy exited (${proc.exitCode}): ${text}`);
    const ready = await states().then(
      () => true,
      // Not listening yet.
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`haproxy did not answer on its stats port: ${text}`);
    }
    await Bun.sleep(50);
  }

  return {
    url: `http://127.0.0.1:${frontendPort}`,
    states,
    stats,
    async waitFor(server, state, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      let seen: Record<string, string> = {};
      for (;;) {
        seen = await states();
        // "UP" alone: a server going up or down shows "UP 1/2" or "DOWN 1/2" meanwhile.
        if (seen[server] === state) return;
        if (Date.now() > until) throw new Error(`haproxy: ${server} not ${state} after ${timeoutMs} ms (${JSON.stringify(seen)})`);
        await Bun.sleep(100);
      }
    },
    output: () => text,
    async stop() {
      if (proc.exitCode === null) proc.kill("SIGTERM");
      const stopped = await Promise.race([proc.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
      if (!stopped) proc.kill("SIGKILL");
      await proc.exited;
      await pumping;
    },
  };
}
