// Drives one URL from a separate load-generator process: wrk when installed (/usr/bin/wrk
// or on PATH), otherwise autocannon from node_modules run by Node. The generator never
// shares a process (or an event loop) with the server it measures.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "../lib/paths";

export interface LoadSpec {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Bodies sent in turn (a write that repeated the same value would be a no-op). */
  bodies?: string[];
  /** Bearer tokens sent in turn, one per request (many callers rather than one). */
  tokens?: string[];
  /**
   * wrk's threads start this many bodies apart (default 0). Each thread walks the bodies in turn;
   * two walking them in step would send every write twice at once, to the same row.
   */
  stride?: number;
  seconds: number;
  connections: number;
}

export interface LoadResult {
  rps: number;
  /** Answers received in all. */
  requests: number;
  /** Latencies in milliseconds. */
  p50: number;
  p99: number;
  /** Mean bytes per answer (headers included for wrk, body only for autocannon). */
  bytesPerReq: number;
  /** Answers with a status >= 400, and socket errors or timeouts. */
  failed: number;
}

const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((p) => existsSync(p)) ?? Bun.which("wrk");

/** Which generator this machine uses, for the report. */
export const generatorName = WRK ? "wrk" : "autocannon";

const lua = (s: string) => JSON.stringify(s); // a JSON string literal is a valid Lua string here

function wrkScript(spec: LoadSpec): string {
  const headers = Object.entries(spec.headers ?? {}).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`);
  const bodies = spec.bodies ?? [];
  const tokens = spec.tokens ?? [];
  return [
    `wrk.method = ${lua(spec.method ?? "GET")}`,
    ...headers,
    `local bodies = { ${bodies.map(lua).join(", ")} }`,
    `local tokens = { ${tokens.map(lua).join(", ")} }`,
    "local i = math.random(1, 1000)",
    // setup runs in the main Lua state, once per thread; `start` becomes a global of that thread's state.
    "local threads = 0",
    "setup = function(thread)",
    `  thread:set("start", threads * ${Math.trunc(spec.stride ?? 0)})`,
    "  threads = threads + 1",
    "end",
    "init = function(args) i = i + (start or 0) end",
    "request = function()",
    "  i = i + 1",
    "  local headers = nil",
    "  if #tokens > 0 then",
    "    headers = {}",
    "    for k, v in pairs(wrk.headers) do headers[k] = v end",
    '    headers["authorization"] = "Bearer " .. tokens[(i % #tokens) + 1]',
    "  end",
    "  local body = nil",
    "  if #bodies > 0 then body = bodies[(i % #bodies) + 1] end",
    "  return wrk.format(nil, nil, headers, body)",
    "end",
    "done = function(summary, latency, requests)",
    "  local e = summary.errors",
    '  io.write(string.format("BENCH-JSON {\\"requests\\":%d,\\"duration\\":%d,\\"p50\\":%d,\\"p99\\":%d,\\"bytes\\":%d,\\"failed\\":%d}\\n",',
    "    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.bytes,",
    "    e.status + e.connect + e.read + e.write + e.timeout))",
    "end",
  ].join("\n");
}

async function runWrk(spec: LoadSpec): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), "planify-wrk-"));
  const script = join(dir, "bench.lua");
  writeFileSync(script, wrkScript(spec));
  try {
    const threads = String(Math.min(2, spec.connections));
    const proc = Bun.spawn(
      [WRK!, "-t", threads, "-c", String(spec.connections), "-d", `${spec.seconds}s`, "--timeout", "10s", "-s", script, spec.url],
      {
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const [out, err] = [await new Response(proc.stdout).text(), await new Response(proc.stderr).text()];
    await proc.exited;
    const line = out.split("\n").find((l) => l.startsWith("BENCH-JSON "));
    if (!line) throw new Error(`wrk failed on ${spec.url}: ${err || out}`);
    const r = JSON.parse(line.slice("BENCH-JSON ".length)) as {
      requests: number;
      duration: number;
      p50: number;
      p99: number;
      bytes: number;
      failed: number;
    };
    return {
      rps: r.requests / (r.duration / 1e6),
      requests: r.requests,
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      bytesPerReq: r.requests ? r.bytes / r.requests : 0,
      failed: r.failed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runAutocannon(spec: LoadSpec): Promise<LoadResult> {
  const node = Bun.which("node");
  if (!node) throw new Error("Neither wrk nor node is installed: no load generator for the benchmark.");
  // The spec goes on stdin: with 600 rotating tokens it is past the kernel's limit for an argument (E2BIG).
  const proc = Bun.spawn([node, join(root, "scripts", "bench", "autocannon-run.mjs")], {
    cwd: root,
    stdin: new TextEncoder().encode(JSON.stringify(spec)),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err] = [await new Response(proc.stdout).text(), await new Response(proc.stderr).text()];
  if ((await proc.exited) !== 0) throw new Error(`autocannon failed on ${spec.url}: ${err || out}`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as LoadResult;
}

/** Runs the load and returns throughput and latency as the generator measured them. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return WRK ? runWrk(spec) : runAutocannon(spec);
}

/** Seconds of the same load run, and thrown away, before each measured call of the table. */
export const WARM_UP_SECONDS = 1;

/**
 * runLoad after WARM_UP_SECONDS of the same load: the figures are the server's steady state (its
 * code compiled by the JIT, its pool's connections open with their statements prepared), as at
 * a school where it runs for days, not its first second on that call.
 */
export async function runWarmLoad(spec: LoadSpec): Promise<LoadResult> {
  await runLoad({ ...spec, seconds: WARM_UP_SECONDS });
  return runLoad(spec);
}
