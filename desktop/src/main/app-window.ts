import type { BrowserWindowConstructorOptions } from "electron";
import { secureWebPreferences } from "./security";
import { MIN_SIZE, restoreBounds, type Rect, type WindowState } from "./window-state";

/** Chromium's code for a load we cancelled ourselves (a redirect, a new navigation). */
const ERR_ABORTED = -3;

export function windowOptions(
  preload: string,
  saved: WindowState | undefined,
  workAreas: Rect[],
  icon?: string,
): BrowserWindowConstructorOptions & { maximized: boolean } {
  const { maximized, ...bounds } = restoreBounds(saved, workAreas);
  return {
    ...bounds,
    maximized,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: "Planify",
    backgroundColor: "#0f172a",
    show: false,
    autoHideMenuBar: false,
    ...(icon ? { icon } : {}),
    webPreferences: secureWebPreferences(preload),
  };
}

export type OfflineReason = "injoignable" | "certificat";

/** Why a page failed to load, in the words of the offline page. */
export function offlineReason(errorCode: number, description: string): OfflineReason | null {
  if (errorCode === ERR_ABORTED) return null;
  return /CERT|SSL/i.test(description) ? "certificat" : "injoignable";
}

export interface LoadingContents {
  loadURL(url: string): Promise<void>;
  on(
    event: "did-fail-load",
    listener: (event: unknown, code: number, description: string, url: string, isMainFrame: boolean) => void,
  ): unknown;
}

export interface PageUrls {
  setup(): string;
  offline(reason: OfflineReason, server: string): string;
}

/**
 * Loads the school server's own web app (so the desktop always matches the server's
 * version); a failed main-frame load of the server shows the French offline page instead.
 */
export function serverLoader(contents: LoadingContents, pages: PageUrls, serverOrigin: () => string | null) {
  contents.on("did-fail-load", (_e, code, description, url, isMainFrame) => {
    const server = serverOrigin();
    if (!isMainFrame || !server || !url.startsWith(server)) return;
    const reason = offlineReason(code, description);
    // The offline page is bundled; if even it cannot load there is nothing better to show.
    if (reason) void contents.loadURL(pages.offline(reason, server)).catch(() => undefined);
  });
  return {
    /** The server at `path`, or the first-run page while no server is set. */
    open(path = "/"): void {
      const server = serverOrigin();
      // loadURL rejects when the load fails; did-fail-load already handles that.
      void contents.loadURL(server ? server + path : pages.setup()).catch(() => undefined);
    },
    setup(): void {
      // loadURL rejects when the load fails; did-fail-load already handles that.
      void contents.loadURL(pages.setup()).catch(() => undefined);
    },
  };
}
