import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { DesktopSavedNotice } from "../components/desktop-saved-notice";
import { authHeaders } from "./api";
import { getDesktopBridge, notifyDesktop, plainText } from "./desktop-bridge";
import { acceptToExtensions } from "./desktop-files";
import { downloadAndSave, type TransferProgress } from "./transfer";
import { routeOf } from "./api/routes";
import { fakeBridge } from "./test-desktop-bridge";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const install = (bridge: unknown) => {
  (window as { planifyDesktop?: unknown }).planifyDesktop = bridge;
};
afterEach(() => {
  delete (window as { planifyDesktop?: unknown }).planifyDesktop;
  vi.restoreAllMocks();
});

describe("bridge detection", () => {
  it("a browser has no bridge", () => {
    expect(getDesktopBridge()).toBeNull();
  });

  it("Planify Desktop's bridge is found", () => {
    const { bridge } = fakeBridge();
    install(bridge);
    expect(getDesktopBridge()).toBe(bridge);
  });

  it("something else named planifyDesktop is ignored (wrong version or missing functions)", () => {
    install({ version: 2, pickFiles() {} });
    expect(getDesktopBridge()).toBeNull();
    install({ ...fakeBridge().bridge, saveDownload: "non" });
    expect(getDesktopBridge()).toBeNull();
    install("planify");
    expect(getDesktopBridge()).toBeNull();
  });

  it("the accepted types become the dialog's extensions", () => {
    expect(acceptToExtensions(".pdf,.doc,.DOCX, .zip,image/png,.pdf")).toEqual(["pdf", "doc", "docx", "zip"]);
  });

  it("notifications go to the desktop with the announcement's text, and are a no-op in a browser", async () => {
    notifyDesktop("Nouvelle annonce", "x");
    const { bridge, calls } = fakeBridge();
    install(bridge);
    notifyDesktop("Nouvelle annonce", plainText("<p>Réunion <strong>jeudi</strong></p><script>alert(1)</script>"));
    expect(calls.notes).toEqual([{ title: "Nouvelle annonce", body: "Réunion jeudi" }]);
  });
});

describe("downloads", () => {
  const ORIGIN = "https://planify.lycee-exemple.fr";
  const zip = new Uint8Array([80, 75, 3, 4, 1, 2, 3, 4]);
  beforeAll(() => {
    (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`${ORIGIN}/devoirs`);
  });

  it("in a browser: the file is fetched and handed to the browser's download, as before", async () => {
    // happy-dom's XMLHttpRequest fails under the Bun runtime, so the browser's XHR answers
    // here as the real server would (Content-Disposition, the ZIP bytes).
    const opened: string[] = [];
    class ServerXhr {
      status = 0;
      statusText = "OK";
      responseType = "";
      response: Blob | null = null;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onprogress: ((e: ProgressEvent) => void) | null = null;
      open(_method: string, url: string) {
        opened.push(url);
      }
      setRequestHeader() {}
      getResponseHeader(name: string) {
        return name.toLowerCase() === "content-disposition" ? `attachment; filename="depots_TP_reseau.zip"` : null;
      }
      send() {
        this.status = 200;
        this.response = new Blob([zip], { type: "application/zip" });
        this.onprogress?.({ loaded: 4, total: 8, lengthComputable: true } as ProgressEvent);
        this.onload?.();
      }
    }
    vi.stubGlobal("XMLHttpRequest", ServerXhr);
    const clicked: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((b) => {
      blobs.push(b as Blob);
      return "blob:planify/1";
    });
    const progress: TransferProgress[] = [];
    const name = await downloadAndSave(routeOf("/api/events/{id}/submissions/zip", { id: "1" }), (p) => progress.push(p), {
      fallbackName: "depots.zip",
      sanitise: true,
    });
    vi.unstubAllGlobals();
    expect(opened).toEqual(["/api/events/1/submissions/zip"]);
    expect(name).toBe("depots_TP_reseau.zip");
    expect(clicked).toEqual([{ name: "depots_TP_reseau.zip", href: "blob:planify/1" }]);
    expect(new Uint8Array(await blobs[0]!.arrayBuffer())).toEqual(zip);
    expect(progress.map((p) => p.ratio)).toEqual([0.5, 1]);
  });

  it("in Planify Desktop: the save dialog and the stream to disk are the desktop's, progress comes back to the page", async () => {
    const { bridge, calls, listeners } = fakeBridge();
    install(bridge);
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click");
    const saved: unknown[] = [];
    window.addEventListener("planify:desktop-saved", (e) => saved.push((e as CustomEvent).detail), { once: true });
    const progress: TransferProgress[] = [];
    const name = await downloadAndSave(routeOf("/api/events/{id}/submissions/zip", { id: "1" }), (p) => progress.push(p), {
      fallbackName: "Dépôts.zip",
      sanitise: true,
    });
    expect(name).toBe("Depots.zip");
    expect(calls.saves).toEqual([
      {
        url: `${ORIGIN}/api/events/1/submissions/zip`,
        suggestedName: "Depots.zip",
        headers: authHeaders(),
        transferId: expect.any(String),
      },
    ]);
    expect(progress).toEqual([
      { loaded: 512, total: 1024, ratio: 0.5 },
      { loaded: 1024, total: 1024, ratio: 1 },
    ]);
    expect(listeners.size).toBe(0);
    expect(click).not.toHaveBeenCalled();
    expect(saved).toEqual([{ name: "Depots.zip", path: "/home/prof/Téléchargements/Depots.zip" }]);
  });

  it("in Planify Desktop: a cancelled dialog is quiet, a failure shows the desktop's French message", async () => {
    install(fakeBridge({ saveDownload: async () => ({ status: "cancelled" }) }).bridge);
    expect(
      await downloadAndSave(routeOf("/api/events/{id}/attachments/{filename}/download", { id: "1", filename: "a.pdf" }), undefined, {
        fallbackName: "a.pdf",
      }),
    ).toBe("");
    install(
      fakeBridge({ saveDownload: async () => ({ status: "failed", message: "Le serveur a refusé le téléchargement (erreur 403)." }) })
        .bridge,
    );
    await expect(
      downloadAndSave(routeOf("/api/events/{id}/attachments/{filename}/download", { id: "1", filename: "a.pdf" }), undefined, {
        fallbackName: "a.pdf",
      }),
    ).rejects.toThrow("Le serveur a refusé le téléchargement (erreur 403).");
  });
});

describe("'Afficher dans le dossier'", () => {
  let root: Root | null = null;
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
  });
  async function mount() {
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<DesktopSavedNotice />));
  }
  const saveEvent = () =>
    window.dispatchEvent(new CustomEvent("planify:desktop-saved", { detail: { name: "depots.zip", path: "/home/prof/depots.zip" } }));

  it("after a desktop save, names the file and opens its folder", async () => {
    const { bridge, calls } = fakeBridge();
    install(bridge);
    await mount();
    await act(async () => saveEvent());
    expect(document.querySelector('[role="status"]')?.textContent).toContain("« depots.zip » enregistré.");
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Afficher dans le dossier");
    await act(async () => button?.click());
    expect(calls.reveals).toEqual(["/home/prof/depots.zip"]);
  });

  it("inside an open dialog (where the ZIP is saved from), it is shown in the dialog itself", async () => {
    const { bridge } = fakeBridge();
    install(bridge);
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    dialog.dataset.state = "open";
    document.body.append(dialog);
    await mount();
    await act(async () => saveEvent());
    expect(dialog.querySelector('[role="status"]')?.textContent).toContain("« depots.zip » enregistré.");
    dialog.remove();
  });

  it("shows nothing in a browser", async () => {
    await mount();
    await act(async () => saveEvent());
    expect(document.body.textContent).not.toContain("Afficher dans le dossier");
  });
});
