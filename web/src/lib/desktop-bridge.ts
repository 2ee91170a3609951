// The platform bridge: when Planify runs inside Planify Desktop, the preload exposes
// `window.planifyDesktop` (named functions only, see desktop/src/shared/ipc.ts) and the web
// app uses the system's file dialogs and notifications; in a browser this module finds no
// bridge and every caller keeps its browser behaviour.
import type { DesktopBridge, PickedFile, SaveDownloadResult } from "../../../desktop/src/shared/ipc";
import type { ProgressListener } from "./transfer";

export type { DesktopBridge };

/** Fired on window after a desktop save, so the layout can offer 'Afficher dans le dossier'. */
export const DESKTOP_SAVED_EVENT = "planify:desktop-saved";
export interface DesktopSavedDetail {
  name: string;
  path: string;
}

const METHODS = ["appVersion", "pickFiles", "saveDownload", "onDownloadProgress", "revealInFolder", "notify"] as const;

/** The desktop bridge when the page runs in Planify Desktop and it has the shape we know; else null. */
export function getDesktopBridge(target: object = globalThis): DesktopBridge | null {
  const candidate = (target as { planifyDesktop?: unknown }).planifyDesktop;
  if (!candidate || typeof candidate !== "object") return null;
  const bridge = candidate as Record<string, unknown>;
  if (bridge.version !== 1 || !METHODS.every((m) => typeof bridge[m] === "function")) return null;
  return candidate as DesktopBridge;
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

/** A system notification when the user is in another window (the desktop decides); no-op in a browser. */
export function notifyDesktop(title: string, body: string): void {
  const bridge = getDesktopBridge();
  // A system notification that cannot show is not worth an error: the page shows the same news.
  if (bridge) void bridge.notify({ title, body: body.slice(0, 1000) }).catch(() => undefined);
}

/** The text of an announcement's HTML, for a notification (parsed inertly, never run). */
export function plainText(html: string): string {
  // A space before each block's end keeps "<p>a</p><p>b</p>" as "a b".
  const spaced = html.replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, " $&");
  const doc = new DOMParser().parseFromString(spaced, "text/html");
  for (const el of doc.querySelectorAll("script, style")) el.remove();
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}
