import { describe, expect, it } from "vitest";
import { bridgeFor, desktopBridge, type RendererIpc, setupBridge } from "../src/preload/bridges";

function fakeIpc() {
  const invoked: unknown[][] = [];
  const listeners = new Map<string, Set<(e: unknown, p: unknown) => void>>();
  const ipc: RendererIpc = {
    invoke: async (...args) => {
      invoked.push(args);
      return "ok";
    },
    on: (c, l) => listeners.set(c, (listeners.get(c) ?? new Set()).add(l)),
    removeListener: (c, l) => listeners.get(c)?.delete(l),
  };
  const send = (c: string, payload: unknown) => {
    for (const l of listeners.get(c) ?? []) l({ sender: "ipcRenderer", senderId: 0 }, payload);
  };
  return { ipc, invoked, send, listeners };
}

describe("preload bridges", () => {
  it("the server's page gets named functions only, frozen", () => {
    const bridge = desktopBridge(fakeIpc().ipc);
    expect(Object.keys(bridge).sort()).toEqual([
      "appVersion",
      "notify",
      "onDownloadProgress",
      "pickFiles",
      "revealInFolder",
      "saveDownload",
      "version",
    ]);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect("invoke" in bridge || "send" in bridge || "ipcRenderer" in bridge).toBe(false);
  });

  it("each function calls its own channel", async () => {
    const { ipc, invoked } = fakeIpc();
    const b = desktopBridge(ipc);
    await b.pickFiles({ extensions: ["pdf"], multiple: true });
    await b.revealInFolder("/home/prof/depots.zip");
    expect(invoked).toEqual([
      ["files:pick", { extensions: ["pdf"], multiple: true }],
      ["files:reveal", "/home/prof/depots.zip"],
    ]);
  });

  it("progress listeners receive the payload, never the IPC event, and can stop listening", () => {
    const { ipc, send, listeners } = fakeIpc();
    const got: unknown[][] = [];
    const stop = desktopBridge(ipc).onDownloadProgress((...args) => got.push(args));
    send("download:progress", { transferId: "t", loaded: 5, total: 10, ratio: 0.5 });
    expect(got).toEqual([[{ transferId: "t", loaded: 5, total: 10, ratio: 0.5 }]]);
    stop();
    expect(listeners.get("download:progress")?.size).toBe(0);
  });

  it("our bundled pages get the setup functions, the server's pages the app ones", () => {
    expect(Object.keys(setupBridge(fakeIpc().ipc)).sort()).toEqual(["check", "current", "retry", "save"]);
    expect(bridgeFor("file:")).toBe("setup");
    expect(bridgeFor("https:")).toBe("desktop");
  });
});
