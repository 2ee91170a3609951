// Starts the compiled binary (dist/planify-server) on a data directory and watches it from
// outside: time to its first answer, and its resident memory read from /proc.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

export interface RunningServer {
  base: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  firstAnswerMs: number;
  /** Resident set size of the server process, in bytes (0 where /proc is absent). */
  rss(): number;
  /** The resident memory split: anonymous (heaps) and file-backed (the executable's own pages). */
  rssSplit(): { anon: number; file: number };
  /** CPU time the server process has used so far (user + system), in seconds (0 where /proc is absent). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** RssAnon and RssFile of a process, in bytes (zeros where /proc is absent). */
export function rssSplitOf(pid: number): { anon: number; file: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    return { anon: kb("RssAnon"), file: kb("RssFile") };
  } catch {
    return { anon: 0, file: 0 };
  }
}

/**
 * User + system CPU time of a process, in seconds, from /proc/PID/stat (fields 14 and 15, in
 * clock ticks of 1/100 s on Linux). A machine busy with other work slows a server's answers but
 * hardly changes the CPU it spends on each: the steadier measure when two binaries are compared.
 */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** VmRSS of a process, in bytes. */
export function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Starts `binary` on `dataDir`; `args` are more of its flags (e.g. `--database-url URL`). */
export async function startServer(
  binary: string,
  dataDir: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const proc = Bun.spawn([binary, "--port", String(port), "--host", "127.0.0.1", "--data-dir", dataDir, ...args], {
    env: { ...process.env, PLANIFY_DISK_MIN_FREE_MB: "0", ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  let firstAnswerMs = -1;
  while (firstAnswerMs < 0) {
    if (proc.exitCode !== null) throw new Error(`planify-server exited with code ${proc.exitCode}`);
    if (performance.now() - t0 > 60_000) throw new Error("planify-server did not answer within 60 s");
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) firstAnswerMs = performance.now() - t0;
    else await Bun.sleep(2);
  }
  return {
    base,
    pid: proc.pid,
    firstAnswerMs,
    rss: () => rssOf(proc.pid),
    rssSplit: () => rssSplitOf(proc.pid),
    cpuSeconds: () => cpuSecondsOf(proc.pid),
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}
