// Wiring only: each concern lives in its own module with Electron's APIs injected, so it is
// unit-tested without Electron's binary. This file hands them the real APIs.
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, net, screen, session, shell } from "electron";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { appHandlers } from "./app-handlers";
import { entSignIn, entWindowOptions } from "./ent-sign-in";
import { serverLoader, windowOptions } from "./app-window";
import { registerIpcHandlers } from "./ipc-handlers";
import { setupLifecycle } from "./lifecycle";
import { aboutMessage, menuTemplate } from "./menu";
import { guardNavigation, installPermissionHandlers, isServerUrl, type Origins } from "./security";
import type { FetchLike } from "./server-address";
import { fileSettingsStore } from "./settings-store";
import { setupUpdates } from "./updates";
import { trackWindowState } from "./window-state";

const preload = join(__dirname, "../preload/index.cjs");
const pagesDir = join(__dirname, "../renderer");
const icon = join(__dirname, "../../build/icons/512x512.png");
// End-to-end tests run each launch on its own profile (and leave the system's planify:// alone).
const testProfile = process.env.PLANIFY_DESKTOP_USER_DATA;
if (testProfile) app.setPath("userData", testProfile);
const settings = fileSettingsStore(join(app.getPath("userData"), "settings.json"));
const origins: Origins = { server: () => settings.read().serverOrigin ?? null, pagesBase: `${pathToFileURL(pagesDir).href}/` };
const fetchImpl = net.fetch as unknown as FetchLike;
const pages = {
  setup: () => pathToFileURL(join(pagesDir, "setup.html")).href,
  offline: (reason: string, server: string) =>
    `${pathToFileURL(join(pagesDir, "offline.html")).href}?raison=${reason}&serveur=${encodeURIComponent(server)}`,
};

let win: BrowserWindow | null = null;
let loader: ReturnType<typeof serverLoader> | null = null;
let pendingPath: string | null = null;

function focusWindow(): void {
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

function openPath(path: string): void {
  if (loader && origins.server()) loader.open(path);
  else pendingPath = path;
}

// electron-updater, fed by the school server's /desktop/: downloads, then asks to restart.
const updates = setupUpdates({
  async ask(message) {
    const options = { type: "info" as const, ...message, defaultId: 0, cancelId: 1 };
    return (win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options)).response;
  },
  log: (message) => console.warn(message),
});

function createWindow(): void {
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const { maximized, ...options } = windowOptions(preload, settings.read().window, workAreas, icon);
  win = new BrowserWindow(options);
  if (maximized) win.maximize();
  trackWindowState(win, (state) => settings.update({ window: state }));
  const main = win;
  const ent = entSignIn({
    origins,
    createWindow: () => new BrowserWindow(entWindowOptions(main)),
    land: (path) => loader?.open(path),
    openExternal: (url) => void shell.openExternal(url),
  });
  guardNavigation(win.webContents, origins, (url) => void shell.openExternal(url), preload, ent.open);
  loader = serverLoader(win.webContents, pages, origins.server);
  win.once("ready-to-show", () => win?.show());
  win.on("closed", () => {
    win = null;
  });
  loader.open(pendingPath ?? "/");
  pendingPath = null;
}

const handlers = appHandlers({
  version: app.getVersion(),
  fetch: fetchImpl,
  serverOrigin: origins.server,
  useServer(origin) {
    settings.update({ serverOrigin: origin });
    loader?.open("/");
    void updates.check(origins.server());
  },
  retry: () => loader?.open("/"),
  pick: {
    async showOpenDialog(options) {
      const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    },
  },
  save: {
    async askPath(suggestedName) {
      const options = {
        title: "Enregistrer le fichier",
        buttonLabel: "Enregistrer",
        defaultPath: join(app.getPath("downloads"), suggestedName),
      };
      const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    onProgress: (progress) => win?.webContents.send("download:progress", progress),
    setTaskbarProgress: (ratio) => win?.setProgressBar(ratio),
  },
  notify: {
    supported: () => Notification.isSupported(),
    windowFocused: () => win?.isFocused() ?? false,
    create: (options) => new Notification({ ...options, icon }),
    focusWindow,
  },
  reveal: (path) => shell.showItemInFolder(path),
});

const isDev = !app.isPackaged && process.argv.length >= 2 && !process.argv[1]!.startsWith("-");
const primary = setupLifecycle(
  app,
  { focus: focusWindow, open: openPath },
  {
    argv: process.argv,
    devEntry: isDev ? process.argv[1] : undefined,
    registerProtocol: !testProfile,
  },
);

if (primary) {
  app.setAppUserModelId("fr.planify.desktop");
  app.whenReady().then(() => {
    installPermissionHandlers(session.defaultSession, origins);
    registerIpcHandlers(ipcMain, handlers, origins);
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate(
          {
            changeServer: () => loader?.setup(),
            // The page the user is on; from the offline or first-run page, the server's home.
            reload: () => (win && isServerUrl(win.webContents.getURL(), origins) ? win.webContents.reload() : loader?.open("/")),
            openHelp: () => loader?.open("/about"),
            about: () =>
              void dialog.showMessageBox({
                type: "info",
                ...aboutMessage({ version: app.getVersion(), server: origins.server(), electron: process.versions.electron ?? "" }),
              }),
          },
          process.platform,
        ),
      ),
    );
    createWindow();
    void updates.check(origins.server());
    app.on("activate", () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
}
