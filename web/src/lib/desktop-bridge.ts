// The platform bridge: when Planify runs inside Planify Desktop, the preload exposes
// `window.planifyDesktop` (named functions only, see desktop/src/shared/ipc.ts) and the web
// app uses the system's file dialogs and notifications; in a browser this module finds no
// bridge and every caller keeps its browser behaviour. What only file screens use (the system
// dialogs, saving a download) lives in desktop-files.ts, out of the first page.
import type { DesktopBridge } from "../../../desktop/src/shared/ipc";

export type { DesktopBridge };

const METHODS = ["appVersion", "pickFiles", "saveDownload", "onDownloadProgress", "revealInFolder", "notify"] as const;

/** The desktop bridge when the page runs in Planify Desktop and it has the shape we know; else null. */
export function getDesktopBridge(target: object = globalThis): DesktopBridge | null {
  const candidate = (target as { planifyDesktop?: unknown }).planifyDesktop;
  if (!candidate || typeof candidate !== "object") return null;
  const bridge = candidate as Record<string, unknown>;
  if (bridge.version !== 1 || !METHODS.every((m) => typeof bridge[m] === "function")) return null;
  return candidate as DesktopBridge;
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
