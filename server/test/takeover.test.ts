import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parisDate } from "@planify/common/time/paris-time";
import { call, type Student } from "./cluster/client";
import { freePorts } from "./cluster/nodes";
import { builtBinary, cleanEnv, ensureWebAssetMap, MAIN, type RunningServer, startServer } from "./process";
import { steadyLoad } from "./steady-load";

// A restart that loses no request on one machine, one SQLite data folder (issue 28): a second
// server started with --takeover (the compiled dist/planify-server when built) takes the place
// of the running one under steady load from keep-alive clients (Bun's fetch, and Node's, which
// does not resend a request on a connection closed under it); and the takeovers that must not
// happen (no --takeover, a holder that is not a serving Planify, one that never leaves) say why
// in French and leave the holder as it was.

const ADMIN_PASSWORD = "admin-releve-2026";
const STUDENT_PASSWORD = "motdepasse-releve";
const ENV = { PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD, PLANIFY_JWT_SECRET: "takeover-test-signing-secret-0123456789abcdef" };
const NODE_LOAD = fileURLToPath(new URL("takeover-node-load.mjs", import.meta.url));
const HOLDER = fileURLToPath(new URL("takeover-holder.ts", import.meta.url));
const LOAD_SECONDS = 15;
/** Students loading the server through Bun's fetch, and through Node's (one loop each). */
const LOADERS = 4;
const NODE_LOOPS = 4;
const TAKEOVER_AT_MS = 5_000;
/** One new visitor's connection every ARRIVAL_EVERY_MS, at most ARRIVALS_IN_FLIGHT_MAX unanswered. */
const ARRIVAL_EVERY_MS = 2;
const ARRIVALS_IN_FLIGHT_MAX = 400;

const binary = builtBinary();
const command = binary ? [binary] : [process.execPath, MAIN];
const dirs: string[] = [];
const newDir = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `planify-releve-${name}-`));
  dirs.push(d);
  return d;
};
const running: RunningServer[] = [];

/** A server start to its end (a takeover refused): its exit code and everything it printed. */
async function runServer(dataDir: string, port: number, env: Record<string, string>, timeoutMs = 60_000) {
  const proc = Bun.spawn([...command, "--port", String(port), "--host", "127.0.0.1", "--data-dir", dataDir], {
    env: cleanEnv(env),
    stdout: "pipe",
    stderr: "pipe",
  });
  const killer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(killer);
  return { code, output: stdout + stderr };
}

/** takeover-holder.ts in `mode` on `dataDir`, once it says it holds the folder. */
async function startHolder(dataDir: string, port: number, mode: "lock-only" | "deaf" | "exclusive") {
  const proc = Bun.spawn([process.execPath, HOLDER, dataDir, String(port), mode], { stdout: "pipe", stderr: "pipe" });
  let text = "";
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stdout) text += decoder.decode(chunk, { stream: true });
  })();
  const deadline = Date.now() + 20_000;
  while (!text.includes("tenu")) {
    if (proc.exitCode !== null) throw new Error(`holder exited: ${await new Response(proc.stderr).text()}`);
    if (Date.now() > deadline) throw new Error("holder did not start");
    await Bun.sleep(25);
  }
  return { proc, output: () => text };
}

describe("a restart by takeover on one SQLite data folder", { timeout: 180_000 }, () => {
  beforeAll(() => {
    if (!binary) ensureWebAssetMap();
  });
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop("SIGKILL")));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("under steady load from keep-alive clients loses no request and no acknowledged write; the old server exits 0", async () => {
    const dir = newDir("charge");
    const [port] = (await freePorts(1)) as [number];
    const old = await startServer(dir, ENV, 90_000, command, port);
    running.push(old);
    const base = old.url;
    const login = await call(base, "POST", "/api/users/login", undefined, { username: "admin", password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const adminToken = login.json!.token as string;
    const students: Student[] = [];
    for (let i = 0; i < LOADERS + NODE_LOOPS; i++) {
      const username = `eleve.releve${i}`;
      const account = { username, password: STUDENT_PASSWORD, role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" };
      expect((await call(base, "POST", "/api/users/register", adminToken, account)).status).toBe(201);
      const signedIn = await call(base, "POST", "/api/users/login", undefined, { username, password: STUDENT_PASSWORD });
      expect(signedIn.status).toBe(200);
      students.push({ username, id: signedIn.json!.id as string, token: signedIn.json!.token as string });
    }
    const loaders = students.slice(0, LOADERS);
    const nodeStudents = students.slice(LOADERS);
    const date = parisDate(Date.now() + 3 * 86_400_000);

    const failures: string[] = [];
    const answeredAt: number[] = [];
    let slowest = 0;
    let requests = 0;
    let running_ = true;
    const loadStart = Date.now();
    const request = async (who: string, method: string, path: string, token: string, body: unknown, expected: number) => {
      requests++;
      const started = Date.now();
      try {
        const r = await call(base, method, path, token, body);
        slowest = Math.max(slowest, Date.now() - started);
        if (r.status !== expected)
          failures.push(`${who} ${method} ${path}: ${r.status} ${JSON.stringify(r.json)} at +${started - loadStart} ms`);
        else answeredAt.push(Date.now());
        return r.status === expected ? r : null;
      } catch (error) {
        failures.push(`${who} ${method} ${path}: ${error instanceof Error ? error.message : String(error)} at +${started - loadStart} ms`);
        return null;
      }
    };
    // Visitors arriving on a new connection each (Connection: close), at a steady rate whatever
    // the answers take, as many browsers do: the connections a listener that closes with some in
    // its accept queue would reset. Most on the liveness check, the cheapest answer.
    const fresh = async (s: Student, path: string) => {
      requests++;
      const started = Date.now();
      try {
        const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${s.token}` }, keepalive: false });
        await r.arrayBuffer();
        slowest = Math.max(slowest, Date.now() - started);
        if (r.status === 200) answeredAt.push(Date.now());
        else failures.push(`${s.username} (new connection) GET ${path}: ${r.status} at +${started - loadStart} ms`);
      } catch (error) {
        failures.push(
          `${s.username} (new connection) GET ${path}: ${error instanceof Error ? error.message : String(error)} at +${started - loadStart} ms`,
        );
      }
    };
    const arrivals = async () => {
      const inFlight = new Set<Promise<void>>();
      for (let k = 0; running_; k++) {
        if (inFlight.size < ARRIVALS_IN_FLIGHT_MAX) {
          const s = loaders[k % loaders.length]!;
          const one = fresh(s, k % 10 === 0 ? "/api/coins/user-coins" : "/api/health/live").finally(() => inFlight.delete(one));
          inFlight.add(one);
        }
        await Bun.sleep(ARRIVAL_EVERY_MS);
      }
      await Promise.all(inFlight);
    };
    const nodeClient = Bun.spawn(
      ["node", NODE_LOAD, JSON.stringify({ url: base, tokens: nodeStudents.map((s) => s.token), seconds: LOAD_SECONDS, date })],
      { stdout: "pipe", stderr: "pipe" },
    );
    const nodeResult = Promise.all([new Response(nodeClient.stdout).text(), new Response(nodeClient.stderr).text(), nodeClient.exited]);
    const steady = steadyLoad({ students: loaders, adminToken, date, pauseMs: 10, send: request });
    const { acknowledged, lastBalance } = steady;
    const load = arrivals();

    await Bun.sleep(TAKEOVER_AT_MS);
    const takeoverAt = Date.now();
    let oldExitedAt = 0;
    const oldExit = old.exited.then((code) => {
      oldExitedAt = Date.now();
      return code;
    });
    const next = await startServer(dir, { ...ENV, PLANIFY_TAKEOVER: "1" }, 90_000, command, port);
    running.push(next);
    const readyAt = Date.now();
    expect(await oldExit, old.output()).toBe(0);
    await Bun.sleep(Math.max(0, loadStart + LOAD_SECONDS * 1000 - Date.now()));
    running_ = false;
    await steady.stop();
    await load;
    const [nodeOut, nodeErr, nodeCode] = await nodeResult;
    expect(nodeCode, nodeErr).toBe(0);
    const fromNode = JSON.parse(nodeOut) as { requests: number; failures: string[]; acknowledged: string[][] };

    const afterOld = answeredAt.filter((t) => t > oldExitedAt).length;
    console.log(
      `takeover: ${requests} Bun requests + ${fromNode.requests} Node requests, ${failures.length + fromNode.failures.length} failed; ` +
        `old server gone ${oldExitedAt - takeoverAt} ms and new one ready ${readyAt - takeoverAt} ms after the takeover started; ` +
        `slowest answer ${slowest} ms; ${afterOld} answers after the old server left`,
    );
    expect(failures).toEqual([]);
    expect(fromNode.failures).toEqual([]);
    expect(requests).toBeGreaterThan(300);
    expect(fromNode.requests).toBeGreaterThan(50);
    // The new server took the load: answers came after the old one had left.
    expect(afterOld).toBeGreaterThan(requests / 5);
    expect(next.output()).toContain("taking over");
    // New connections went to the new server only (reuseport-steer.ts, through libc in the binary too).
    expect(next.output()).not.toContain("not steered");
    expect(old.output()).toContain("stopped");
    expect(readFileSync(join(dir, "planify.pid"), "utf8").trim()).toBe(String(next.pid));
    expect((await call(next.url, "GET", "/api/health/ready")).status).toBe(200);

    // Every acknowledged write is in the database, and every balance is the last one acknowledged.
    const db = new Database(join(dir, "planify.db"), { readonly: true });
    try {
      const stored = (ownerId: string) =>
        new Set(
          db
            .query<{ id: string }, [string]>("SELECT id FROM personal_tasks WHERE owner_id = ?")
            .all(ownerId)
            .map((r) => r.id),
        );
      for (const s of loaders) {
        const acked = acknowledged.get(s.id)!;
        expect(acked.length).toBeGreaterThan(10);
        const have = stored(s.id);
        expect(acked.filter((id) => !have.has(id))).toEqual([]);
      }
      nodeStudents.forEach((s, w) => {
        const acked = fromNode.acknowledged[w]!;
        expect(acked.length).toBeGreaterThan(10);
        const have = stored(s.id);
        expect(acked.filter((id) => !have.has(id))).toEqual([]);
      });
    } finally {
      db.close();
    }
    for (const s of loaders) {
      expect((await call(next.url, "GET", "/api/coins/user-coins", s.token)).json?.coins).toBe(lastBalance.get(s.id));
    }
  });

  it("without --takeover, a second server on the folder is still refused with the usual message", async () => {
    const dir = newDir("refus");
    const [port, other] = (await freePorts(2)) as [number, number];
    const server = await startServer(dir, ENV, 90_000, command, port);
    running.push(server);
    const second = await runServer(dir, other, ENV);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`Le dossier de données ${dir} est déjà utilisé par un autre serveur Planify (PID ${server.pid}).`);
    // Nor may it share the port of another school's server.
    const samePort = await runServer(newDir("autre-ecole"), port, ENV);
    expect(samePort.code).toBe(1);
    expect(samePort.output).toContain(`Impossible d'écouter sur 127.0.0.1:${port} : le port ${port} est déjà utilisé`);
    expect((await call(server.url, "GET", "/api/health/ready")).status).toBe(200);
  });

  it("a takeover of a folder held by something else than a serving Planify is refused in French, and nothing is sent to it", async () => {
    const dir = newDir("pas-serveur");
    const [port] = (await freePorts(1)) as [number];
    const holder = await startHolder(dir, port, "lock-only");
    try {
      const attempt = await runServer(dir, port, { ...ENV, PLANIFY_TAKEOVER: "1" });
      expect(attempt.code).toBe(1);
      expect(attempt.output).toContain(
        `Relève impossible : le dossier de données ${dir} est tenu par un processus (PID ${holder.proc.pid}) qui n'est pas un serveur Planify en marche`,
      );
      await Bun.sleep(200);
      expect(holder.output()).not.toContain("SIGTERM reçu");
      expect(holder.proc.exitCode).toBeNull();
    } finally {
      holder.proc.kill("SIGKILL");
    }
  });

  it("a takeover of an older server that does not share its port is refused in French before anything is sent", async () => {
    const dir = newDir("ancienne-version");
    const [port] = (await freePorts(1)) as [number];
    const holder = await startHolder(dir, port, "exclusive");
    try {
      const attempt = await runServer(dir, port, { ...ENV, PLANIFY_TAKEOVER: "1" });
      expect(attempt.code).toBe(1);
      expect(attempt.output).toContain(
        `Relève impossible : le serveur en place (PID ${holder.proc.pid}) n'ouvre pas son port ${port} en partage`,
      );
      await Bun.sleep(200);
      expect(holder.output()).not.toContain("SIGTERM reçu");
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ancien");
    } finally {
      holder.proc.kill("SIGKILL");
    }
  });

  it("a takeover whose old server never leaves gives up in French after PLANIFY_TAKEOVER_WAIT_SECONDS, and the old one keeps serving", async () => {
    const dir = newDir("sourd");
    const [port] = (await freePorts(1)) as [number];
    const holder = await startHolder(dir, port, "deaf");
    try {
      const started = Date.now();
      const attempt = await runServer(dir, port, { ...ENV, PLANIFY_TAKEOVER: "1", PLANIFY_TAKEOVER_WAIT_SECONDS: "2" });
      expect(attempt.code).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      expect(attempt.output).toContain(
        `Relève impossible : le serveur en place (PID ${holder.proc.pid}) n'a pas rendu le dossier de données ${dir} en 2 s (PLANIFY_TAKEOVER_WAIT_SECONDS).`,
      );
      expect(holder.output()).toContain("SIGTERM reçu");
      // The port is the old server's alone again: every request reaches it.
      for (let i = 0; i < 20; i++) expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ancien");
      expect(holder.proc.exitCode).toBeNull();
    } finally {
      holder.proc.kill("SIGKILL");
    }
  });
});
