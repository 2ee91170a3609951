import { describe, expect, it } from "vitest";
import type { MenuItemConstructorOptions } from "electron";
import { offlineReason, serverLoader } from "../src/main/app-window";
import { aboutMessage, menuTemplate } from "../src/main/menu";
import { FakeEmitter, SERVER } from "./fakes";

const labels = (items: MenuItemConstructorOptions[]) => items.map((i) => i.label ?? `(${i.type})`);
const sub = (item: MenuItemConstructorOptions | undefined) => item?.submenu as MenuItemConstructorOptions[];

describe("menus", () => {
  const calls: string[] = [];
  const actions = {
    changeServer: () => calls.push("server"),
    about: () => calls.push("about"),
    reload: () => calls.push("reload"),
    openHelp: () => calls.push("help"),
  };

  it("are in French: Fichier, Édition, Affichage, Aide", () => {
    const t = menuTemplate(actions, "linux");
    expect(labels(t)).toEqual(["Fichier", "Édition", "Affichage", "Aide"]);
    expect(labels(sub(t[0]))).toEqual(["Quitter"]);
    expect(labels(sub(t[1]))).toEqual(["Annuler", "Rétablir", "(separator)", "Couper", "Copier", "Coller", "Tout sélectionner"]);
    expect(labels(sub(t[3]))).toEqual(["Aide de Planify", "(separator)", "Changer de serveur…", "À propos de Planify Desktop"]);
  });

  it("'Changer de serveur' and 'À propos' run their actions", () => {
    const t = menuTemplate(actions, "win32");
    const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as (() => void) | undefined)?.();
    click(sub(t[3])[2]);
    click(sub(t[3])[3]);
    expect(calls).toEqual(["server", "about"]);
  });

  it("macOS gets the application menu first", () => {
    expect(labels(menuTemplate(actions, "darwin"))).toEqual(["Planify", "Fichier", "Édition", "Affichage", "Aide"]);
  });

  it("'À propos' names the version and the school server", () => {
    expect(aboutMessage({ version: "0.1.0", server: SERVER, electron: "45.5.0" }).detail).toContain(
      `Serveur de l'établissement : ${SERVER}`,
    );
    expect(aboutMessage({ version: "0.1.0", server: null, electron: "45.5.0" }).detail).toContain("non configuré");
  });
});

describe("loading the school server", () => {
  function setup(server: string | null) {
    const contents = Object.assign(new FakeEmitter(), {
      loaded: [] as string[],
      loadURL: async (u: string) => {
        contents.loaded.push(u);
      },
    });
    const pages = {
      setup: () => "file:///app/setup.html",
      offline: (r: string, s: string) => `file:///app/offline.html?raison=${r}&serveur=${s}`,
    };
    return { contents, loader: serverLoader(contents as never, pages, () => server) };
  }

  it("opens the server's own web app, or the first-run page before a server is chosen", () => {
    const a = setup(SERVER);
    a.loader.open("/devoirs?tache=4");
    const b = setup(null);
    b.loader.open();
    expect(a.contents.loaded).toEqual([`${SERVER}/devoirs?tache=4`]);
    expect(b.contents.loaded).toEqual(["file:///app/setup.html"]);
  });

  it("an unreachable server shows the offline page; a certificate failure says so", () => {
    const { contents } = setup(SERVER);
    contents.emit("did-fail-load", -105, "ERR_NAME_NOT_RESOLVED", `${SERVER}/`, true);
    contents.emit("did-fail-load", -202, "ERR_CERT_AUTHORITY_INVALID", `${SERVER}/`, true);
    expect(contents.loaded).toEqual([
      `file:///app/offline.html?raison=injoignable&serveur=${SERVER}`,
      `file:///app/offline.html?raison=certificat&serveur=${SERVER}`,
    ]);
  });

  it("a cancelled load, a sub-frame or another page does not", () => {
    const { contents } = setup(SERVER);
    contents.emit("did-fail-load", -3, "ERR_ABORTED", `${SERVER}/`, true);
    contents.emit("did-fail-load", -105, "ERR_NAME_NOT_RESOLVED", `${SERVER}/`, false);
    contents.emit("did-fail-load", -105, "ERR_NAME_NOT_RESOLVED", "https://autre.fr/", true);
    expect(contents.loaded).toEqual([]);
    expect(offlineReason(-3, "ERR_ABORTED")).toBeNull();
  });
});
