import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { basename } from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable, Transform } from "node:stream";
import type { DownloadProgress, SaveDownloadRequest, SaveDownloadResult } from "../shared/ipc";
import type { FetchLike } from "./server-address";

export const DOWNLOAD_MESSAGES = {
  http: (status: number) => `Le serveur a refusé le téléchargement (erreur ${status}).`,
  network: "Le téléchargement a été interrompu. Vérifiez votre connexion puis réessayez.",
  disk: "Impossible d'écrire le fichier à cet endroit. Choisissez un autre dossier.",
} as const;

export interface SaveDeps {
  fetch: FetchLike;
  /** The system save dialog; resolves to the chosen path, or null when cancelled. */
  askPath(suggestedName: string): Promise<string | null>;
  onProgress(progress: DownloadProgress): void;
  /** The taskbar/dock progress: 0..1, or -1 to clear it. */
  setTaskbarProgress(ratio: number): void;
}

/**
 * Asks where to save, then streams the server's answer to disk (never the whole file in
 * memory), reporting progress to the page and the taskbar. The file is written next to its
 * destination and renamed at the end, so a failed download leaves nothing half-written.
 */
export async function saveDownload(req: SaveDownloadRequest, deps: SaveDeps): Promise<SaveDownloadResult> {
  const path = await deps.askPath(req.suggestedName);
  if (!path) return { status: "cancelled" };
  let res: Response;
  try {
    res = await deps.fetch(req.url, { headers: req.headers });
  } catch {
    return { status: "failed", message: DOWNLOAD_MESSAGES.network };
  }
  if (!res.ok || !res.body) return { status: "failed", message: DOWNLOAD_MESSAGES.http(res.status) };

  const length = Number(res.headers.get("content-length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  let loaded = 0;
  let lastSent = 0;
  const report = (force = false) => {
    const now = Date.now();
    if (!force && now - lastSent < 100) return; // at most ten updates a second
    lastSent = now;
    const ratio = total ? Math.min(1, loaded / total) : null;
    deps.onProgress({ transferId: req.transferId, loaded, total, ratio });
    deps.setTaskbarProgress(ratio ?? 2); // > 1 shows an indeterminate bar
  };
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      loaded += chunk.length;
      report();
      done(null, chunk);
    },
  });
  const partial = `${path}.part`;
  report(true);
  try {
    await pipeline(
      Readable.fromWeb(res.body as unknown as import("node:stream/web").ReadableStream<Uint8Array>),
      counter,
      createWriteStream(partial),
    );
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    deps.setTaskbarProgress(-1);
    const code = (error as { code?: string }).code ?? "";
    return {
      status: "failed",
      message: /^E(ACCES|PERM|NOSPC|ROFS|ISDIR|NOENT)$/.test(code) ? DOWNLOAD_MESSAGES.disk : DOWNLOAD_MESSAGES.network,
    };
  }
  deps.onProgress({ transferId: req.transferId, loaded, total: total ?? loaded, ratio: 1 });
  deps.setTaskbarProgress(-1);
  return { status: "saved", path, name: basename(path), bytes: loaded };
}
