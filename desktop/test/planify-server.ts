// Starts the real Planify server for the address-check tests: dist/planify-server when it
// has been built (node scripts/run.mjs build-binary), else the same server from source, so
// `npm test` (which builds the binary after the unit tests) passes on a fresh clone too.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureWebAssetMap, startServer } from "../../server/test/process";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const BINARY = join(process.env.PLANIFY_DIST_DIR ?? join(root, "dist"), "planify-server");

export interface Running {
  origin: string;
  usedBinary: boolean;
  stop(): Promise<void>;
}

export async function startPlanify(env: Record<string, string> = {}): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), "planify-desktop-"));
  const usedBinary = existsSync(BINARY);
  if (!usedBinary) {
    console.warn(`[desktop] ${BINARY} absent : serveur lancé depuis les sources (server/src/main.ts).`);
    ensureWebAssetMap();
  }
  const server = await startServer(
    dataDir,
    { PLANIFY_ADMIN_PASSWORD: "desktop-admin-2026", ...env },
    60_000,
    usedBinary ? [BINARY] : undefined,
  );
  return {
    origin: server.url,
    usedBinary,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on: bind one, note it, close it. */
export async function closedPort(): Promise<number> {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  const port = server.port as number;
  await server.stop(true);
  return port;
}
