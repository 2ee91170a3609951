import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ADMIN_PASSWORD } from "./support";

// The ENT sign-in specs run a compiled server of their own, beside a real OpenID provider
// (oidc-provider, server/src/features/sso/test-oidc-provider.ts run as a process), with
// PLANIFY_SSO_CONFIG naming a file that describes that provider.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BINARY = process.env.PLANIFY_DIST_DIR ? join(process.env.PLANIFY_DIST_DIR, "planify-server") : join(ROOT, "dist/planify-server");
const PROVIDER_SCRIPT = join(ROOT, "server/src/features/sso/test-oidc-provider.ts");

export interface SsoSite {
  /** Planify's address. */
  base: string;
  /** The provider's address. */
  issuer: string;
  stop(): void;
}

/** The first line a process prints (its provider entry), or its exit as an error. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf("\n");
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.once("exit", (code) => reject(new Error(`the test provider stopped (${code})`)));
  });
}

async function healthy(base: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const status = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${base} never answered /api/health`);
}

/**
 * Starts the provider on `port + 1` (its accounts: login typed on its page → claims) and the
 * demo school on `port`, signing in through it under the policy "existing".
 */
export async function startSsoSite(port: number, accounts: Record<string, Record<string, unknown>>): Promise<SsoSite> {
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), "planify-e2e-sso-"));
  const provider = spawn(
    process.env.PLANIFY_BUN ?? "bun",
    [PROVIDER_SCRIPT, "--port", String(port + 1), "--app-origin", base, "--accounts", JSON.stringify(accounts)],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  let server: ChildProcess | undefined;
  const stop = () => {
    server?.kill("SIGTERM");
    provider.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const entry = JSON.parse(await firstLine(provider)) as { issuer: string };
    const config = join(dir, "sso.json");
    writeFileSync(config, JSON.stringify({ providers: [entry] }));
    server = spawn(BINARY, ["--data-dir", join(dir, "data"), "--port", String(port), "--host", "127.0.0.1", "--demo"], {
      env: {
        ...process.env,
        PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD,
        PLANIFY_SSO_CONFIG: config,
        PLANIFY_PUBLIC_URL: base,
        PLANIFY_DISK_MIN_FREE_MB: "0",
      },
      stdio: "ignore",
    });
    await healthy(base);
    return { base, issuer: entry.issuer, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
