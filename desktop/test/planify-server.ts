// Starts the real Planify server for the address-check tests: dist/planify-server when it
// has been built (node scripts/run.mjs build-binary), else the same server from source, so
// `npm test` (which builds the binary after the unit tests) passes on a fresh clone too.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cleanEnv, ensureWebAssetMap, MAIN } from "../../server/test/process";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const BINARY = join(process.env.PLANIFY_DIST_DIR ?? join(root, "dist"), "planify-server");

export interface Running {
  origin: string;
  usedBinary: boolean;
  stop(): Promise<void>;
}

export async function startPlanify(): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), "planify-desktop-"));
  const usedBinary = existsSync(BINARY);
  if (!usedBinary) {
    console.warn(`[desktop] ${BINARY} absent : serveur lancé depuis les sources (server/src/main.ts).`);
    ensureWebAssetMap();
  }
  const cmd = usedBinary ? [BINARY] : [process.execPath, MAIN];
  const proc = Bun.spawn([...cmd, "--port", "0", "--host", "127.0.0.1", "--data-dir", dataDir], {
    env: cleanEnv({ PLANIFY_ADMIN_PASSWORD: "desktop-admin-2026" }),
    stdout: "pipe",
    stderr: "pipe",
  });
  let text = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  };
  void pump(proc.stdout);
  void pump(proc.stderr);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const match = text.match(/est prêt : http:\/\/localhost:(\d+)/);
    if (match) {
      return {
        origin: `http://127.0.0.1:${match[1]}`,
        usedBinary,
        async stop() {
          proc.kill("SIGTERM");
          await proc.exited;
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    }
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`Planify server did not start: ${text}`);
    }
    await Bun.sleep(25);
  }
}

/** A port nothing listens on: bind one, note it, close it. */
export async function closedPort(): Promise<number> {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  const port = server.port as number;
  await server.stop(true);
  return port;
}
