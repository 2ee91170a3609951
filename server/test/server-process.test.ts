import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pkg from "../../package.json";
import { HELP } from "../src/config";
import { ensureWebAssetMap, postJson, runMain, startServer, type RunningServer } from "./process";

// The real server as a separate process: first start, second start on the same folder,
// generated admin password, help, bad flags, graceful SIGTERM.
const dirs: string[] = [];
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), "planify-proc-"));
  dirs.push(d);
  return d;
};
const running: RunningServer[] = [];
const start = async (dir: string, env: Record<string, string> = {}) => {
  const s = await startServer(dir, env);
  running.push(s);
  return s;
};

beforeAll(() => ensureWebAssetMap());
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const login = async (s: RunningServer, username: string, password: string) => postJson(`${s.url}/api/users/login`, { username, password });

/**
 * Opens a raw connection and sends a request whose body is still incomplete, so the
 * server is in the middle of it; `finish()` sends the rest and resolves with the reply.
 */
function halfSentRequest(port: number, path: string, body: string) {
  const socket = connect(port, "127.0.0.1");
  let reply = "";
  socket.on("data", (d) => (reply += d.toString("utf8")));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  const opened = new Promise<void>((resolve) => socket.on("connect", () => resolve()));
  const cut = Math.floor(body.length / 2);
  const bytes = Buffer.byteLength(body);
  return {
    async begin() {
      await opened;
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\nConnection: close\r\n\r\n${body.slice(0, cut)}`,
      );
    },
    async finish() {
      socket.write(body.slice(cut));
      await closed;
      return reply;
    },
  };
}

describe("running the server", { timeout: 120_000 }, () => {
  const dir = newDir();
  const adminPassword = "admin-du-test-2026";

  it("starts on an empty folder, answers /api/health and creates admin from PLANIFY_ADMIN_PASSWORD", async () => {
    const s = await start(dir, { PLANIFY_ADMIN_PASSWORD: adminPassword });
    expect(s.output()).toContain("Compte administrateur créé : admin (mot de passe de PLANIFY_ADMIN_PASSWORD)");
    expect(s.output()).not.toContain(adminPassword);
    const health = await fetch(`${s.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: "ok",
      version: pkg.version,
      engine: "sqlite",
      storage: "disk",
      diskFreeBytes: expect.any(Number),
    });
    expect(health.headers.get("content-security-policy")).toContain("frame-ancestors");
    const admin = await login(s, "admin", adminPassword);
    expect(admin.status).toBe(200);
    expect(admin.json).toMatchObject({ role: "admin", isAdmin: true });
    const created = await postJson(
      `${s.url}/api/users/register`,
      { username: "durable", password: "toujours-la-1", role: "eleve", year: "BUT1" },
      String(admin.json!.token),
    );
    expect(created.status).toBe(201);
    expect(existsSync(join(dir, "jwt-secret"))).toBe(true);
    expect(statSync(join(dir, "jwt-secret")).mode & 0o077).toBe(0);
  });

  it("on SIGTERM lets an in-flight request finish, closes the database and exits 0", async () => {
    const s = running.at(-1)!;
    const req = halfSentRequest(
      s.port,
      "/api/contact",
      JSON.stringify({
        name: "Sam",
        phone: "0612345678",
        email_from: "sam@example.fr",
        Promo: "BUT1",
        subject: "Arrêt",
        Description: "Envoyé pendant l'arrêt du serveur.",
      }),
    );
    await req.begin();
    await Bun.sleep(150);
    const exitCode = s.stop("SIGTERM");
    await Bun.sleep(300);
    // The server has stopped listening but still owes this client an answer.
    const reply = await req.finish();
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(reply).toContain("Votre message a bien été envoyé !");
    expect(await exitCode).toBe(0);
    expect(s.output()).toContain("shutting down");
    const wal = join(dir, "planify.db-wal");
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    await expect(fetch(`${s.url}/api/health`)).rejects.toThrow();
  });

  it("with PLANIFY_DRAIN_SECONDS, a stopping node says so on readiness and still serves for that time, then exits 0", async () => {
    const s = await start(newDir(), { PLANIFY_DRAIN_SECONDS: "2" });
    expect((await fetch(`${s.url}/api/health/ready`)).status).toBe(200);
    const exitCode = s.stop("SIGTERM");
    await Bun.sleep(300);
    const ready = await fetch(`${s.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "stopping" });
    expect((await fetch(`${s.url}/api/health/live`)).status).toBe(200);
    // A request the balancer sent just before it saw "stopping" is still answered.
    expect((await login(s, "nobody", "wrong-password-1")).status).toBe(401);
    expect(await exitCode).toBe(0);
    await expect(fetch(`${s.url}/api/health/live`)).rejects.toThrow();
  });

  it("a second start on the same folder keeps the data and prints no admin password", async () => {
    const s = await start(dir);
    expect(s.output()).not.toContain("Compte administrateur créé");
    expect((await login(s, "durable", "toujours-la-1")).status).toBe(200);
    const admin = await login(s, "admin", adminPassword);
    expect(admin.status).toBe(200);
    const messages = await fetch(`${s.url}/api/contact/messages`, { headers: { authorization: `Bearer ${admin.json!.token}` } });
    const { messages: list } = (await messages.json()) as { messages: { subject: string }[] };
    expect(list.map((m) => m.subject)).toContain("Arrêt");
    expect(await s.stop("SIGINT")).toBe(0);
  });

  it("without PLANIFY_ADMIN_PASSWORD prints a random admin password once", async () => {
    const other = newDir();
    const first = await start(other);
    const match = first.output().match(/Compte administrateur créé : admin \/ (\S+)/);
    expect(match).not.toBeNull();
    const password = match![1]!;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await login(first, "admin", password)).status).toBe(200);
    expect(await first.stop()).toBe(0);
    const second = await start(other);
    expect(second.output()).not.toContain("Compte administrateur créé");
    expect(second.output()).not.toContain(password);
    expect(await second.stop()).toBe(0);
  });
});

describe("command line", { timeout: 60_000 }, () => {
  it("--help prints the French help and exits 0", async () => {
    const r = await runMain(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(HELP.trim());
    expect(r.stdout).toContain("PLANIFY_TRUST_PROXY");
  });

  it("a bad port or a short JWT secret is refused in French with a non-zero exit", async () => {
    const port = await runMain(["--port", "abc", "--data-dir", newDir()]);
    expect(port.code).not.toBe(0);
    expect(port.stderr).toContain("Port invalide : abc");
    const dir = newDir();
    const secret = await runMain(["--data-dir", dir], { PLANIFY_JWT_SECRET: "trop-court" });
    expect(secret.code).not.toBe(0);
    expect(secret.stderr).toContain("PLANIFY_JWT_SECRET doit contenir au moins 32 caractères.");
    expect(existsSync(join(dir, "planify.db"))).toBe(false);
  });

  it("a too-short PLANIFY_ADMIN_PASSWORD is refused with a clear message", async () => {
    const r = await runMain(["--port", "0", "--data-dir", newDir()], { PLANIFY_ADMIN_PASSWORD: "court" });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      "Création du compte admin impossible : Le mot de passe doit contenir au moins 8 caractères. (PLANIFY_ADMIN_PASSWORD)",
    );
  });
});
