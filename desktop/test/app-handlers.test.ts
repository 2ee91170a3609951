import { describe, expect, it } from "vitest";
import { appHandlers } from "../src/main/app-handlers";
import { SERVER } from "./fakes";

function handlers(answer: () => Promise<Response>) {
  const used: string[] = [];
  let retries = 0;
  const h = appHandlers({
    version: "0.1.0",
    fetch: answer,
    serverOrigin: () => SERVER,
    useServer: (o) => used.push(o),
    retry: () => {
      retries++;
    },
    pick: { showOpenDialog: async () => [] },
    save: { askPath: async () => null, onProgress: () => {}, setTaskbarProgress: () => {} },
    notify: { supported: () => true, windowFocused: () => false, create: () => ({ on: () => {}, show: () => {} }), focusWindow: () => {} },
    reveal: () => {},
  });
  return { h, used, retries: () => retries };
}

describe("setup handlers", () => {
  it("a checked Planify address is remembered and loaded", async () => {
    const { h, used } = handlers(async () => Response.json({ status: "ok", version: "0.1.0" }));
    expect(await h["setup:save"]("planify.lycee.fr")).toEqual({ ok: true, origin: "https://planify.lycee.fr", version: "0.1.0" });
    expect(used).toEqual(["https://planify.lycee.fr"]);
  });

  it("a refused address changes nothing: the app keeps its current server", async () => {
    const { h, used } = handlers(async () => new Response("<html></html>", { headers: { "content-type": "text/html" } }));
    expect(await h["setup:save"]("intranet.lycee.fr")).toMatchObject({ ok: false, reason: "not-planify" });
    expect(await h["setup:check"]("intranet.lycee.fr")).toMatchObject({ ok: false, reason: "not-planify" });
    expect(used).toEqual([]);
    expect(await h["setup:current"]()).toBe(SERVER);
  });

  it("'Réessayer' loads the server again; the version is the app's", async () => {
    const { h, retries } = handlers(async () => new Response());
    await h["setup:retry"]();
    expect(retries()).toBe(1);
    expect(await h["app:version"]()).toBe("0.1.0");
  });
});
