import { describe, expect, it } from "vitest";
import { type Handlers, type InvokeEvent, registerIpcHandlers, senderAllowed } from "../src/main/ipc-handlers";
import { validators } from "../src/main/ipc-validate";
import type { IpcChannel } from "../src/shared/ipc";
import { origins, PAGES, SERVER } from "./fakes";

function setup() {
  const registered = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
  const calls: [string, unknown[]][] = [];
  const handler =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, args]);
      return `réponse ${name}`;
    };
  const handlers = Object.fromEntries(Object.keys(validators).map((c) => [c, handler(c)])) as unknown as Handlers;
  registerIpcHandlers({ handle: (channel, listener) => registered.set(channel, listener) }, handlers, origins());
  const call = async (channel: IpcChannel, args: unknown[], from = `${SERVER}/devoirs`) => {
    const listener = registered.get(channel);
    if (!listener) throw new Error(`not registered: ${channel}`);
    return listener({ senderFrame: { url: from } }, ...args);
  };
  return { registered, calls, call };
}

const goodSave = {
  url: `${SERVER}/api/events/1/submissions/zip`,
  suggestedName: "depots.zip",
  headers: { Authorization: "Bearer abc" },
  transferId: "t1",
};

describe("IPC handlers", () => {
  it("registers every channel of the contract", () => {
    expect([...setup().registered.keys()].sort()).toEqual(Object.keys(validators).sort());
  });

  it("passes well-formed arguments through to the handler", async () => {
    const { call, calls } = setup();
    expect(await call("files:pick", [{ extensions: ["pdf", "docx"], multiple: true }])).toBe("réponse files:pick");
    await call("files:save-download", [goodSave]);
    await call("notify:show", [{ title: "Nouvelle annonce", body: "Réunion des délégués" }]);
    await call("setup:check", ["planify.lycee.fr"], `${PAGES}setup.html`);
    expect(calls.map(([c]) => c)).toEqual(["files:pick", "files:save-download", "notify:show", "setup:check"]);
    expect(calls[1]?.[1]).toEqual([goodSave]);
  });

  const bad: [IpcChannel, unknown[]][] = [
    ["app:version", ["extra"]],
    ["files:pick", []],
    ["files:pick", ["pdf"]],
    ["files:pick", [{ extensions: [], multiple: true }]],
    ["files:pick", [{ extensions: [".pdf"], multiple: true }]],
    ["files:pick", [{ extensions: ["pdf", "*"], multiple: true }]],
    ["files:pick", [{ extensions: ["pdf"], multiple: "yes" }]],
    ["files:pick", [{ extensions: Array(21).fill("pdf"), multiple: false }]],
    ["files:save-download", [{ ...goodSave, url: "pas une url" }]],
    ["files:save-download", [{ ...goodSave, suggestedName: "../../.bashrc" }]],
    ["files:save-download", [{ ...goodSave, suggestedName: "" }]],
    ["files:save-download", [{ ...goodSave, headers: { Cookie: "x=1" } }]],
    ["files:save-download", [{ ...goodSave, headers: { Authorization: "Bearer a\r\nX-Evil: 1" } }]],
    ["files:save-download", [{ ...goodSave, transferId: 42 }]],
    ["files:save-download", [goodSave, "extra"]],
    ["files:reveal", [42]],
    ["files:reveal", [""]],
    ["notify:show", [{ title: "", body: "x" }]],
    ["notify:show", [{ title: "t", body: "x".repeat(1001) }]],
    ["notify:show", ["texte"]],
  ];
  it.each(bad)("%s refuses bad arguments %j without calling the handler", async (channel, args) => {
    const { call, calls } = setup();
    await expect(call(channel, args)).rejects.toThrow(/arguments refusés/);
    expect(calls).toEqual([]);
  });

  it("setup channels answer only our bundled pages, app channels only the school server", async () => {
    const { call, calls } = setup();
    await expect(call("setup:save", ["https://evil.example"], `${SERVER}/`)).rejects.toThrow(/appel refusé/);
    await expect(call("setup:save", ["https://evil.example"], "https://evil.example/")).rejects.toThrow(/appel refusé/);
    await expect(call("files:pick", [{ extensions: ["pdf"], multiple: false }], "https://evil.example/")).rejects.toThrow(/appel refusé/);
    await expect(call("files:pick", [{ extensions: ["pdf"], multiple: false }], `${PAGES}setup.html`)).rejects.toThrow(/appel refusé/);
    expect(calls).toEqual([]);
    expect(senderAllowed("setup:retry", `${PAGES}offline.html?raison=injoignable`, origins())).toBe(true);
  });
});
