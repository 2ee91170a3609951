import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../app";
import { openDatabase } from "../../db/client";
import { diskStorage } from "../../lib/storage";

/**
 * The OpenAPI document as GET /api/openapi.json serves it, built in-process from a throwaway
 * app (in-memory database, empty upload folder): what `npm run gen:api` turns into the web's
 * typed client. The version is fixed so that the document depends only on the routes.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const handle = openDatabase(":memory:");
  const uploadsDir = mkdtempSync(join(tmpdir(), "planify-openapi-"));
  try {
    const app = createApp({
      db: handle.db,
      engine: handle.engine,
      settings: { trustProxy: false, maxUploadBytes: 1, publicUrl: null, contactTo: null, version: "0.0.0" },
      jwtKey: new Uint8Array(32),
      uploadsDir,
      storage: diskStorage(uploadsDir),
      now: () => 0,
      mailer: null,
      log: () => {},
      instanceId: "openapi-document",
    });
    const res = await app.handle(new Request("http://localhost/api/openapi.json"));
    if (!res.ok) throw new Error(`GET /api/openapi.json: ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  } finally {
    await handle.engine.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}
