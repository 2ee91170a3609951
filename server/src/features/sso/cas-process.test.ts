import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv, ensureWebAssetMap, type RunningServer, startServer } from "../../../test/process";
import { throughCas } from "./test-cas-server";
import { startCookies } from "./test-sso";

// Real processes: the test CAS run standalone (as a Chromium e2e will run it) and the server
// (bun server/src/main.ts) reading a PLANIFY_SSO_CONFIG with a CAS provider; the sign-in goes
// from the server's /start through the CAS login form back to a session.

const dir = mkdtempSync(join(tmpdir(), "planify-cas-process-"));
const CAS_SERVER = fileURLToPath(new URL("./test-cas-server.ts", import.meta.url));
let casProc: ReturnType<typeof Bun.spawn> | undefined;
let casUrl = "";
let server: RunningServer | undefined;

beforeAll(async () => {
  ensureWebAssetMap();
  const accounts = join(dir, "comptes.json");
  writeFileSync(accounts, JSON.stringify({ admin: { password: "secret-cas", attributes: { mail: "admin@univ.fr" } } }));
  casProc = Bun.spawn([process.execPath, CAS_SERVER, "--port", "0", "--accounts", accounts], {
    env: cleanEnv(),
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = (casProc.stdout as ReadableStream<Uint8Array>).getReader();
  const { value } = await reader.read();
  casUrl = new TextDecoder().decode(value).trim();
  const config = join(dir, "sso.json");
  writeFileSync(config, JSON.stringify({ providers: [{ id: "ent", kind: "cas", label: "Connexion ENT (CAS)", casUrl: `${casUrl}/` }] }));
  server = await startServer(join(dir, "donnees"), { PLANIFY_SSO_CONFIG: config, PLANIFY_ADMIN_PASSWORD: "admin-cas-process-2026" });
}, 60_000);
afterAll(async () => {
  await server?.stop("SIGKILL");
  casProc?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("CAS sign-in with real processes", { timeout: 60_000 }, () => {
  it("the standalone test CAS prints its address; the server signs admin in through it", async () => {
    expect(casUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cas$/);
    const start = await fetch(`${server!.url}/api/auth/sso/ent/start?next=/devoirs`, { redirect: "manual" });
    expect(start.status).toBe(302);
    const login = new URL(start.headers.get("location")!);
    expect(`${login.origin}${login.pathname}`).toBe(`${casUrl}/login`);
    const state = startCookies(start);
    const callback = await throughCas(login.href, "admin", "secret-cas");
    expect(callback.origin).toBe(server!.url);
    const back = await fetch(callback, { headers: { cookie: state }, redirect: "manual" });
    expect(back.status).toBe(302);
    const code = back.headers.get("location")!.split("#connexion-ent=")[1]!;
    expect(back.headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
    const exchange = await fetch(`${server!.url}/api/auth/sso/exchange`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: state },
      body: JSON.stringify({ code }),
    });
    expect(exchange.status).toBe(200);
    expect(((await exchange.json()) as { user: { username: string } }).user.username).toBe("admin");
  });
});
