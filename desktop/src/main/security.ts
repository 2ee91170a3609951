import type { WebPreferences } from "electron";

/**
 * The page never gets Node: context isolation, the renderer sandbox, no node integration,
 * no <webview>, web security on. The preload is the only door and it exposes named functions;
 * without one (the ENT sign-in window) the page has no door at all.
 */
export function secureWebPreferences(preload?: string): WebPreferences {
  return {
    ...(preload ? { preload } : {}),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  };
}

/** Where the window may go: the school server's origin, and the app's own bundled pages. */
export interface Origins {
  /** The configured school server origin, or null before the first run is done. */
  server(): string | null;
  /** file:// URL of the folder holding the bundled pages (first run, offline). */
  pagesBase: string;
}

export function isServerUrl(url: string, origins: Origins): boolean {
  const server = origins.server();
  if (!server) return false;
  try {
    return new URL(url).origin === server;
  } catch {
    // Not a URL: not the school's server, so not trusted.
    return false;
  }
}

export function isBundledPage(url: string, origins: Origins): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "file:" && u.href.startsWith(origins.pagesBase);
  } catch {
    // Not a URL: not a bundled page.
    return false;
  }
}

/** Links the system may open: web pages and e-mail; never file:, javascript: or custom schemes. */
export function isExternalOpenable(url: string): boolean {
  try {
    return ["http:", "https:", "mailto:"].includes(new URL(url).protocol);
  } catch {
    // Not a URL: never handed to the system.
    return false;
  }
}

interface NavEvent {
  preventDefault(): void;
  /** Electron's details (the positional url argument is deprecated). */
  url?: string;
}

/** The webContents parts the guard hooks (injected in tests). */
export interface GuardedContents {
  on(event: "will-navigate" | "will-redirect", listener: (event: NavEvent, url: string) => void): unknown;
  on(event: "will-attach-webview", listener: (event: NavEvent) => void): unknown;
  setWindowOpenHandler(
    handler: (details: {
      url: string;
    }) => { action: "deny" } | { action: "allow"; overrideBrowserWindowOptions?: { webPreferences?: WebPreferences } },
  ): void;
}

/**
 * Navigation and window.open stay on the school server (and our bundled pages for
 * navigation); anything else is refused and, when it is a web link, opened in the browser.
 * `takeOver` may claim a navigation first (the ENT sign-in window takes the server's ENT
 * routes): it returns true when it did, and the window stays where it is.
 */
export function guardNavigation(
  contents: GuardedContents,
  origins: Origins,
  openExternal: (url: string) => void,
  preload: string,
  takeOver: (url: string) => boolean = () => false,
): void {
  const allowedHere = (url: string) => isServerUrl(url, origins) || isBundledPage(url, origins);
  const onNavigate = (event: NavEvent, positional: string) => {
    const url = event.url ?? positional;
    if (takeOver(url)) {
      event.preventDefault();
      return;
    }
    if (allowedHere(url)) return;
    event.preventDefault();
    if (isExternalOpenable(url)) openExternal(url);
  };
  contents.on("will-navigate", onNavigate);
  contents.on("will-redirect", onNavigate);
  contents.on("will-attach-webview", (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // A same-origin popup (a PDF opened in a new tab) gets the same locked-down preferences.
    if (isServerUrl(url, origins))
      return { action: "allow", overrideBrowserWindowOptions: { webPreferences: secureWebPreferences(preload) } };
    if (isExternalOpenable(url)) openExternal(url);
    return { action: "deny" };
  });
}

/** Only the school server may show notifications; every other permission is refused. */
export function permissionAllowed(permission: string, requestingUrl: string, origins: Origins): boolean {
  return permission === "notifications" && isServerUrl(requestingUrl, origins);
}

/** The session parts the permission handlers are set on. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean): void;
}

export function installPermissionHandlers(session: PermissionSession, origins: Origins): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permissionAllowed(permission, details.requestingUrl ?? "", origins));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => permissionAllowed(permission, requestingOrigin, origins));
}
