import { describe, expect, it } from "vitest";
import { entLanding, entSignIn, entTitle, entWindowOptions, isEntLeaving, type EntWindow } from "../src/main/ent-sign-in";
import { guardNavigation } from "../src/main/security";
import { FakeEmitter, origins, SERVER } from "./fakes";

const CAS = "https://cas.univ-exemple.fr/cas/login?service=x";

/** A sign-in window stand-in: records loads, titles and whether it was closed. */
type FakeContents = FakeEmitter & {
  openHandler?: (d: { url: string }) => unknown;
  setWindowOpenHandler(h: (d: { url: string }) => unknown): void;
};
type FakeWindow = FakeEmitter &
  Omit<EntWindow, "webContents" | "on"> & { webContents: FakeContents; loads: string[]; titles: string[]; closed: boolean };

function fakeWindow(): FakeWindow {
  const contents = new FakeEmitter() as FakeContents;
  contents.setWindowOpenHandler = (h) => {
    contents.openHandler = h;
  };
  const win = new FakeEmitter() as FakeWindow;
  Object.assign(win, {
    loads: [],
    titles: [],
    closed: false,
    webContents: contents,
    loadURL: async (url: string) => void win.loads.push(url),
    setTitle: (t: string) => void win.titles.push(t),
    close: () => {
      win.closed = true;
      win.emit("closed");
    },
    isDestroyed: () => win.closed,
  });
  return win;
}

function setup() {
  const windows: FakeWindow[] = [];
  const landed: string[] = [];
  const external: string[] = [];
  const ent = entSignIn({
    origins: origins(),
    createWindow: () => {
      const w = fakeWindow();
      windows.push(w);
      return w as unknown as EntWindow;
    },
    land: (path) => landed.push(path),
    openExternal: (url) => external.push(url),
  });
  return { ent, windows, landed, external };
}

describe("ENT sign-in in the desktop app", () => {
  it("knows the server routes that leave for the ENT, and only those of the school server", () => {
    const o = origins();
    expect(isEntLeaving(`${SERVER}/api/auth/sso/ent/start?next=%2Fdevoirs`, o)).toBe(true);
    expect(isEntLeaving(`${SERVER}/api/auth/sso/ent/logout`, o)).toBe(true);
    expect(isEntLeaving(`${SERVER}/api/auth/sso/ent/callback?code=1`, o)).toBe(false);
    expect(isEntLeaving(`${SERVER}/devoirs`, o)).toBe(false);
    expect(isEntLeaving("https://evil.example/api/auth/sso/ent/start", o)).toBe(false);
  });

  it("the main window's click on « Se connecter avec l'ENT » opens the sign-in window instead of leaving", () => {
    const { ent, windows } = setup();
    const main = new FakeEmitter() as FakeEmitter & { setWindowOpenHandler(h: unknown): void };
    main.setWindowOpenHandler = () => undefined;
    const opened: string[] = [];
    const o = origins();
    guardNavigation(main as never, o, (url) => opened.push(url), "/p.cjs", ent.open);
    const start = `${SERVER}/api/auth/sso/ent/start?next=%2Fdevoirs`;
    expect(main.emit("will-navigate", start)).toBe(true);
    expect(windows).toHaveLength(1);
    expect(windows[0]!.loads).toEqual([start]);
    expect(windows[0]!.titles).toEqual([`Connexion ENT — planify.lycee-exemple.fr`]);
    // Other server pages still load in the main window; other sites still go to the browser.
    expect(main.emit("will-navigate", `${SERVER}/devoirs`)).toBe(false);
    expect(main.emit("will-navigate", CAS)).toBe(true);
    expect(opened).toEqual([CAS]);
  });

  it("lets the ENT's pages load, then hands the landing page with its one-time code to the main window and closes", () => {
    const { ent, windows, landed } = setup();
    ent.open(`${SERVER}/api/auth/sso/ent/start?next=%2Fdevoirs`);
    const win = windows[0]!;
    expect(win.webContents.emit("will-redirect", CAS)).toBe(false);
    win.webContents.emit("did-navigate", CAS);
    expect(win.titles.at(-1)).toBe("Connexion ENT — cas.univ-exemple.fr");
    // The callback (and a SAML acs) is a server route of the sign-in: it stays in the window.
    expect(win.webContents.emit("will-navigate", `${SERVER}/api/auth/sso/ent/callback?ticket=ST-1`)).toBe(false);
    expect(win.closed).toBe(false);
    expect(win.webContents.emit("will-redirect", `${SERVER}/devoirs#connexion-ent=abc`)).toBe(true);
    expect(landed).toEqual(["/devoirs#connexion-ent=abc"]);
    expect(win.closed).toBe(true);
  });

  it("a refusal lands on the French error page in the main window", () => {
    const { ent, windows, landed } = setup();
    ent.open(`${SERVER}/api/auth/sso/ent/start`);
    windows[0]!.webContents.emit("will-redirect", `${SERVER}/connexion-ent?erreur=TICKET_REFUSE`);
    expect(landed).toEqual(["/connexion-ent?erreur=TICKET_REFUSE"]);
  });

  it("refuses file: and custom schemes in the sign-in window, and sends its pop-ups to the browser", () => {
    const { ent, windows, external } = setup();
    ent.open(`${SERVER}/api/auth/sso/ent/start`);
    const win = windows[0]!;
    expect(win.webContents.emit("will-navigate", "file:///etc/passwd")).toBe(true);
    expect(win.webContents.emit("will-navigate", "ms-settings:privacy")).toBe(true);
    expect(win.webContents.emit("will-attach-webview")).toBe(true);
    expect(win.webContents.openHandler?.({ url: "https://aide.univ-exemple.fr/mdp" })).toEqual({ action: "deny" });
    expect(external).toEqual(["https://aide.univ-exemple.fr/mdp"]);
    // The ENT's page title never replaces the site shown in the title bar.
    expect(win.webContents.emit("page-title-updated")).toBe(true);
  });

  it("one window at a time: a second click reuses it; once closed, a new one opens", () => {
    const { ent, windows } = setup();
    ent.open(`${SERVER}/api/auth/sso/ent/start`);
    ent.open(`${SERVER}/api/auth/sso/autre/start`);
    expect(windows).toHaveLength(1);
    expect(windows[0]!.loads).toHaveLength(2);
    windows[0]!.close();
    ent.open(`${SERVER}/api/auth/sso/ent/logout`);
    expect(windows).toHaveLength(2);
  });

  it("opens nothing for an address that is not an ENT route of the school server", () => {
    const { ent, windows } = setup();
    expect(ent.open("https://evil.example/api/auth/sso/ent/start")).toBe(false);
    expect(ent.open(`${SERVER}/devoirs`)).toBe(false);
    expect(windows).toHaveLength(0);
  });

  it("the window has no preload and is sandboxed; titles name the host", () => {
    const opts = entWindowOptions({});
    expect(opts.webPreferences?.preload).toBeUndefined();
    expect(opts.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false });
    expect(opts.modal).toBe(true);
    expect(entTitle("about:blank")).toBe("Connexion ENT");
    expect(entLanding(`${SERVER}/`, origins())).toBe("/");
    expect(entLanding(CAS, origins())).toBeNull();
  });
});
