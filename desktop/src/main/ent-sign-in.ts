import type { BrowserWindowConstructorOptions } from "electron";
import { isExternalOpenable, isServerUrl, type Origins, secureWebPreferences } from "./security";

// « Se connecter avec l'ENT » in the desktop app: the flow runs in a sign-in window of the app
// (decision in desktop/README.md). The main window never leaves the school server; when the web
// app sends it to the server's ENT routes (start, logout), this window takes that address, lets
// it go through the school's ENT (CAS, OpenID Connect, SAML: other sites), and when the ENT hands
// it back to a page of the school server (`/devoirs#connexion-ent=<code>`, the error page, `/`),
// closes and opens that page in the main window, which trades the one-time code for its session.

/** The server's routes that leave for the school's ENT: `/api/auth/sso/<id>/start` and `/logout`. */
const ENT_LEAVING = /^\/api\/auth\/sso\/[^/]+\/(start|logout)$/;
/** Every route of the ENT sign-in on the server (callback, SAML acs…): the window stays on them. */
const ENT_ROUTES = /^\/api\/auth\/sso\//;

/** True when the main window is being sent to the school's ENT (it opens the sign-in window instead). */
export function isEntLeaving(url: string, origins: Origins): boolean {
  return isServerUrl(url, origins) && ENT_LEAVING.test(new URL(url).pathname);
}

/** The page of the school server the sign-in window came back to (path, query and fragment), or null. */
export function entLanding(url: string, origins: Origins): string | null {
  if (!isServerUrl(url, origins)) return null;
  const u = new URL(url);
  return ENT_ROUTES.test(u.pathname) ? null : u.pathname + u.search + u.hash;
}

/** The sign-in window: no preload (the ENT's pages get no bridge), sandboxed, a child of the main window. */
export function entWindowOptions(parent: unknown): BrowserWindowConstructorOptions {
  return {
    parent: parent as BrowserWindowConstructorOptions["parent"],
    modal: true,
    width: 520,
    height: 720,
    minWidth: 360,
    minHeight: 480,
    title: "Connexion ENT",
    autoHideMenuBar: true,
    show: true,
    webPreferences: secureWebPreferences(),
  };
}

interface NavEvent {
  preventDefault(): void;
  url?: string;
}

/** The sign-in window's parts this module drives (injected in tests). */
export interface EntWindow {
  loadURL(url: string): Promise<void>;
  setTitle(title: string): void;
  close(): void;
  isDestroyed(): boolean;
  on(event: "closed", listener: () => void): unknown;
  webContents: {
    on(event: "will-navigate" | "will-redirect", listener: (event: NavEvent, url: string) => void): unknown;
    on(event: "did-navigate", listener: (event: unknown, url: string) => void): unknown;
    on(event: "page-title-updated", listener: (event: NavEvent) => void): unknown;
    on(event: "will-attach-webview", listener: (event: NavEvent) => void): unknown;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" }): void;
  };
}

export interface EntSignInDeps {
  origins: Origins;
  /** Creates the sign-in window (Electron's BrowserWindow with entWindowOptions). */
  createWindow(): EntWindow;
  /** Opens a page of the school server in the main window. */
  land(path: string): void;
  openExternal(url: string): void;
}

/** The window's title names the site it shows, since it has no address bar. */
export function entTitle(url: string): string {
  try {
    const { host } = new URL(url);
    return host ? `Connexion ENT — ${host}` : "Connexion ENT";
  } catch {
    // Not a URL (about:blank before the first load): the plain title.
    return "Connexion ENT";
  }
}

/**
 * Opens the ENT route `url` in a sign-in window (one at a time: a second click shows the same
 * window at the new address). http(s) pages of any site may load in it (an ENT may go through a
 * federation's discovery page); a page of the school server outside its ENT routes ends it.
 */
export function entSignIn(deps: EntSignInDeps) {
  let current: EntWindow | null = null;

  const finish = (win: EntWindow, path: string) => {
    deps.land(path);
    if (!win.isDestroyed()) win.close();
  };

  const watch = (win: EntWindow) => {
    const onNavigate = (event: NavEvent, positional: string) => {
      const url = event.url ?? positional;
      const landing = entLanding(url, deps.origins);
      if (landing !== null) {
        event.preventDefault();
        finish(win, landing);
        return;
      }
      if (!/^https?:/.test(url)) event.preventDefault();
    };
    win.webContents.on("will-navigate", onNavigate);
    win.webContents.on("will-redirect", onNavigate);
    win.webContents.on("did-navigate", (_e, url) => win.setTitle(entTitle(url)));
    win.webContents.on("page-title-updated", (event) => event.preventDefault());
    win.webContents.on("will-attach-webview", (event) => event.preventDefault());
    win.webContents.setWindowOpenHandler(({ url }) => {
      if (isExternalOpenable(url)) deps.openExternal(url);
      return { action: "deny" };
    });
    win.on("closed", () => {
      if (current === win) current = null;
    });
  };

  return {
    /** Takes `url` when it is an ENT route of the school server (true), else leaves it (false). */
    open(url: string): boolean {
      if (!isEntLeaving(url, deps.origins)) return false;
      if (!current || current.isDestroyed()) {
        current = deps.createWindow();
        watch(current);
      }
      current.setTitle(entTitle(url));
      // A failed load shows Chromium's own page in the window; the user closes it and retries.
      void current.loadURL(url).catch(() => undefined);
      return true;
    },
  };
}
