// Planify Desktop's file dialogs and downloads (see desktop-bridge.ts): used by the screens that
// pick or save files, all loaded on demand, so kept out of the first page.
import type { DesktopBridge, PickedFile, SaveDownloadResult } from "../../../desktop/src/shared/ipc";
import type { ProgressListener } from "./transfer";

/** Fired on window after a desktop save, so the layout can offer 'Afficher dans le dossier'. */
export const DESKTOP_SAVED_EVENT = "planify:desktop-saved";
export interface DesktopSavedDetail {
  name: string;
  path: string;
}

/** ".pdf,.DOCX, image/png" -> ["pdf", "docx"]: the system dialog filters by extension. */
export function acceptToExtensions(accept: string): string[] {
  const exts = accept
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => /^\.[a-z0-9]{1,10}$/.test(e))
    .map((e) => e.slice(1));
  return [...new Set(exts)];
}

function toFile(picked: PickedFile): File {
  return new File([picked.bytes as BlobPart], picked.name, { type: picked.type });
}

/** Opens the system file dialog filtered to `accept`; resolves to the chosen files ([] if cancelled). */
export async function pickFilesWithDesktop(bridge: DesktopBridge, accept: string, multiple: boolean): Promise<File[]> {
  const picked = await bridge.pickFiles({ extensions: acceptToExtensions(accept), multiple });
  return picked.map(toFile);
}

let transfers = 0;

/**
 * Asks where to save, then lets the desktop stream the file to disk; progress comes back
 * through the bridge and feeds the page's progress bar like a browser download's.
 */
export async function saveWithDesktop(
  bridge: DesktopBridge,
  url: string,
  suggestedName: string,
  headers: Record<string, string>,
  onProgress?: ProgressListener,
): Promise<SaveDownloadResult> {
  const transferId = `t${Date.now().toString(36)}-${++transfers}`;
  const stop = bridge.onDownloadProgress((p) => {
    if (p.transferId === transferId) onProgress?.({ loaded: p.loaded, total: p.total, ratio: p.ratio });
  });
  try {
    const result = await bridge.saveDownload({ url, suggestedName, headers, transferId });
    if (result.status === "saved") {
      window.dispatchEvent(new CustomEvent<DesktopSavedDetail>(DESKTOP_SAVED_EVENT, { detail: { name: result.name, path: result.path } }));
    }
    return result;
  } finally {
    stop();
  }
}
