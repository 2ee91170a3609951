import { describe, expect, it, vi } from "vitest";
import { showNotification } from "../src/main/notifications";
import { feedUrl, setupUpdates } from "../src/main/updates";

// electron-updater needs Electron's binary, which the build machines do not have: it is mocked
// at the module boundary, and the test checks what the main process asks of it.
const updater = vi.hoisted(() => ({ current: null as null | Record<string, unknown> }));
vi.mock("electron-updater", () => ({
  get autoUpdater() {
    return updater.current;
  },
}));

/** A stand-in for electron-updater's autoUpdater that records the calls made to it. */
function fakeUpdater(check: () => Promise<unknown> = async () => null) {
  const calls: string[] = [];
  // Node's EventEmitter shape (electron-updater's): listeners get the arguments, no event object.
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const fake = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    on: (event: string, listener: (...args: unknown[]) => void) => void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    setFeedURL: (options: unknown) => void calls.push(`feed ${JSON.stringify(options)}`),
    checkForUpdates: () => {
      calls.push("check");
      return check();
    },
    quitAndInstall: () => void calls.push("quitAndInstall"),
  };
  updater.current = fake;
  return {
    fake,
    calls,
    emit: (event: string, ...args: unknown[]) => {
      for (const l of listeners.get(event) ?? []) l(...args);
    },
  };
}

function notifier(focused: boolean) {
  const log: string[] = [];
  let click: (() => void) | undefined;
  const deps = {
    supported: () => true,
    windowFocused: () => focused,
    create: (o: { title: string; body: string }) => {
      log.push(`create ${o.title} | ${o.body}`);
      return {
        on: (_e: "click", l: () => void) => {
          click = l;
        },
        show: () => log.push("show"),
      };
    },
    focusWindow: () => log.push("focus"),
  };
  return { deps, log, click: () => click?.() };
}

describe("notifications", () => {
  it("a new announcement while the user is elsewhere raises a system notification; clicking focuses Planify", () => {
    const n = notifier(false);
    expect(showNotification({ title: "Nouvelle annonce", body: "Conseil de classe jeudi" }, n.deps)).toBe(true);
    expect(n.log).toEqual(["create Nouvelle annonce | Conseil de classe jeudi", "show"]);
    n.click();
    expect(n.log.at(-1)).toBe("focus");
  });

  it("nothing is raised while the window has the focus (the page shows its pop-up)", () => {
    const n = notifier(true);
    expect(showNotification({ title: "Cadeau reçu", body: "Un objet vous attend" }, n.deps)).toBe(false);
    expect(n.log).toEqual([]);
  });
});

describe("updates (electron-updater, from the school server)", () => {
  it("looks for updates on the school server's /desktop/ feed, downloads them, and installs them on quit", async () => {
    const u = fakeUpdater();
    const updates = setupUpdates({ ask: async () => 1, log: () => undefined });
    expect(u.fake.autoDownload).toBe(true);
    expect(u.fake.autoInstallOnAppQuit).toBe(true);
    await updates.check("https://planify.lycee-exemple.fr");
    expect(u.calls).toEqual(['feed {"provider":"generic","url":"https://planify.lycee-exemple.fr/desktop/"}', "check"]);
    await updates.check(null);
    expect(u.calls).toHaveLength(2);
    expect(feedUrl("http://10.0.0.5:8080/")).toBe("http://10.0.0.5:8080/desktop/");
  });

  it("once downloaded, asks « Mise à jour prête — Redémarrer » in French; Redémarrer installs at once, asked once per version", async () => {
    const u = fakeUpdater();
    const asked: unknown[] = [];
    let answer = 0;
    setupUpdates({
      ask: async (m) => {
        asked.push(m);
        return answer;
      },
      log: () => undefined,
    });
    u.emit("update-downloaded", { version: "0.3.0" });
    await Bun.sleep(0);
    expect(asked).toEqual([
      {
        title: "Mise à jour prête",
        message: "Planify Desktop 0.3.0 est téléchargée et prête à être installée.",
        detail: "Redémarrez Planify pour l'installer maintenant ; sinon, elle s'installera quand vous quitterez l'application.",
        buttons: ["Redémarrer", "Plus tard"],
      },
    ]);
    expect(u.calls).toEqual(["quitAndInstall"]);
    u.emit("update-downloaded", { version: "0.3.0" });
    answer = 1;
    u.emit("update-downloaded", { version: "0.4.0" });
    await Bun.sleep(0);
    expect(asked).toHaveLength(2);
    expect(u.calls).toEqual(["quitAndInstall"]);
  });

  it("no feed on the server, offline or an updater error: logged, never thrown at the user", async () => {
    const u = fakeUpdater(async () => {
      throw new Error("HttpError: 404 Not Found");
    });
    const logged: string[] = [];
    const updates = setupUpdates({ ask: async () => 0, log: (m) => void logged.push(m) });
    await expect(updates.check("https://planify.lycee-exemple.fr")).resolves.toBeUndefined();
    u.emit("error", new Error("net::ERR_INTERNET_DISCONNECTED"));
    expect(logged).toEqual([
      "Mise à jour impossible : HttpError: 404 Not Found",
      "Mise à jour impossible : net::ERR_INTERNET_DISCONNECTED",
    ]);
    expect(u.calls).not.toContain("quitAndInstall");
  });
});
