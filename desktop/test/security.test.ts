import { describe, expect, it } from "vitest";
import {
  guardNavigation,
  installPermissionHandlers,
  isExternalOpenable,
  permissionAllowed,
  secureWebPreferences,
} from "../src/main/security";
import { windowOptions } from "../src/main/app-window";
import { FakeEmitter, origins, PAGES, SERVER } from "./fakes";

describe("window security options", () => {
  it("isolates the page: context isolation, sandbox, no Node, no webview, web security on", () => {
    const prefs = secureWebPreferences("/app/out/preload/index.cjs");
    expect(prefs).toMatchObject({
      preload: "/app/out/preload/index.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it("the main window is created with those options", () => {
    const opts = windowOptions("/p.cjs", undefined, [{ x: 0, y: 0, width: 1920, height: 1080 }]);
    expect(opts.webPreferences).toEqual(secureWebPreferences("/p.cjs"));
    expect(opts.title).toBe("Planify");
    expect(opts.show).toBe(false);
  });
});

function guarded(server: string | null = SERVER) {
  const contents = new FakeEmitter() as FakeEmitter & {
    openHandler?: (d: { url: string }) => unknown;
    setWindowOpenHandler(h: (d: { url: string }) => unknown): void;
  };
  contents.setWindowOpenHandler = (h) => {
    contents.openHandler = h;
  };
  const opened: string[] = [];
  guardNavigation(contents as never, origins(server), (url) => opened.push(url), "/p.cjs");
  return { contents, opened };
}

describe("navigation guard", () => {
  it("lets the window move within the school server and to our bundled pages", () => {
    const { contents, opened } = guarded();
    expect(contents.emit("will-navigate", `${SERVER}/devoirs`)).toBe(false);
    expect(contents.emit("will-redirect", `${SERVER}/api/users/login`)).toBe(false);
    expect(contents.emit("will-navigate", `${PAGES}setup.html`)).toBe(false);
    expect(opened).toEqual([]);
  });

  it("refuses other sites and sends web links to the system browser", () => {
    const { contents, opened } = guarded();
    expect(contents.emit("will-navigate", "https://evil.example/phish")).toBe(true);
    // Same host, other scheme or port: another origin.
    expect(contents.emit("will-navigate", "http://planify.lycee-exemple.fr/")).toBe(true);
    expect(contents.emit("will-navigate", "https://planify.lycee-exemple.fr:8443/")).toBe(true);
    expect(opened).toEqual(["https://evil.example/phish", "http://planify.lycee-exemple.fr/", "https://planify.lycee-exemple.fr:8443/"]);
  });

  it("refuses file: and custom schemes without opening them anywhere", () => {
    const { contents, opened } = guarded();
    expect(contents.emit("will-navigate", "file:///etc/passwd")).toBe(true);
    expect(contents.emit("will-navigate", "javascript:alert(1)")).toBe(true);
    expect(contents.emit("will-navigate", "ms-settings:privacy")).toBe(true);
    expect(opened).toEqual([]);
  });

  it("window.open: same origin opens locked down, others go to the browser and are denied", () => {
    const { contents, opened } = guarded();
    expect(contents.openHandler?.({ url: `${SERVER}/api/events/1/attachments/a.pdf/download` })).toEqual({
      action: "allow",
      overrideBrowserWindowOptions: { webPreferences: secureWebPreferences("/p.cjs") },
    });
    expect(contents.openHandler?.({ url: "https://www.instagram.com/planify" })).toEqual({ action: "deny" });
    expect(contents.openHandler?.({ url: "mailto:vie-scolaire@lycee.fr" })).toEqual({ action: "deny" });
    expect(contents.openHandler?.({ url: `${PAGES}setup.html` })).toEqual({ action: "deny" });
    expect(opened).toEqual(["https://www.instagram.com/planify", "mailto:vie-scolaire@lycee.fr"]);
  });

  it("before a server is chosen, no web origin is trusted", () => {
    const { contents, opened } = guarded(null);
    expect(contents.emit("will-navigate", `${SERVER}/`)).toBe(true);
    expect(contents.emit("will-navigate", `${PAGES}offline.html?raison=injoignable`)).toBe(false);
    expect(opened).toEqual([`${SERVER}/`]);
  });

  it("reads the URL from Electron's event details too (the positional one is deprecated)", () => {
    const { contents, opened } = guarded();
    let prevented = false;
    for (const l of contents.listeners.get("will-navigate") ?? [])
      l({
        url: "https://evil.example/",
        preventDefault: () => {
          prevented = true;
        },
      });
    expect(prevented).toBe(true);
    expect(opened).toEqual(["https://evil.example/"]);
  });

  it("refuses <webview> attachment", () => {
    const { contents } = guarded();
    expect(contents.emit("will-attach-webview")).toBe(true);
  });

  it("opens only http, https and mailto links externally", () => {
    expect(["https://a.fr", "http://a.fr", "mailto:x@y.fr"].every(isExternalOpenable)).toBe(true);
    expect(["file:///tmp/x", "smb://srv/share", "planify://devoirs/1", "not a url"].some(isExternalOpenable)).toBe(false);
  });
});

describe("permission handler", () => {
  it("grants notifications to the school server only and refuses everything else", () => {
    const o = origins();
    expect(permissionAllowed("notifications", `${SERVER}/devoirs`, o)).toBe(true);
    expect(permissionAllowed("notifications", "https://evil.example/", o)).toBe(false);
    for (const p of [
      "media",
      "geolocation",
      "clipboard-read",
      "midi",
      "openExternal",
      "fullscreen",
      "pointerLock",
      "display-capture",
      "hid",
      "serial",
    ]) {
      expect(permissionAllowed(p, `${SERVER}/`, o)).toBe(false);
    }
  });

  it("is installed as both the request and the check handler of the session", () => {
    let request: ((c: unknown, p: string, cb: (g: boolean) => void, d: { requestingUrl?: string }) => void) | undefined;
    let check: ((c: unknown, p: string, origin: string) => boolean) | undefined;
    installPermissionHandlers(
      {
        setPermissionRequestHandler: (h) => {
          request = h;
        },
        setPermissionCheckHandler: (h) => {
          check = h;
        },
      },
      origins(),
    );
    const answers: boolean[] = [];
    request?.(null, "notifications", (g) => answers.push(g), { requestingUrl: `${SERVER}/` });
    request?.(null, "media", (g) => answers.push(g), { requestingUrl: `${SERVER}/` });
    request?.(null, "notifications", (g) => answers.push(g), {});
    expect(answers).toEqual([true, false, false]);
    expect(check?.(null, "notifications", SERVER)).toBe(true);
    expect(check?.(null, "geolocation", SERVER)).toBe(false);
  });
});
