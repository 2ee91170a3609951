import { describe, expect, it } from "vitest";
import { Elysia } from "elysia";
import { ensurePortFree, listenApp, openHoldingListener } from "./listener";

// The port a takeover opens before the old server leaves: requests wait there for the app, or
// get a French 503 when the takeover fails or takes too long; and an ordinary start's check that
// nobody listens on the port, though every server shares it.

const options = (port = 0) => ({ host: "127.0.0.1", port, maxRequestBodySize: 1024 * 1024 });
const app = () => new Elysia().get("/bonjour", ({ server, request }) => `bonjour ${server?.requestIP(request)?.address ?? "?"}`);

describe("the holding listener of a takeover", () => {
  it("holds requests until the app is adopted, then serves them and the next ones through it", async () => {
    const holding = openHoldingListener(options(), 10_000);
    try {
      const url = `http://127.0.0.1:${holding.server.port}/bonjour`;
      const early = fetch(url);
      await Bun.sleep(300);
      const served = app();
      expect(listenApp(served, options(), holding)).toBe(holding.server.port);
      expect(served.server).toBe(holding.server);
      // The held request reaches the app, which sees its client's address through the server.
      expect(await (await early).text()).toBe("bonjour 127.0.0.1");
      expect(await (await fetch(url)).text()).toBe("bonjour 127.0.0.1");
    } finally {
      await holding.server.stop(true);
    }
  });

  it("answers the held requests 503 in French when the takeover fails, and closes the port", async () => {
    const holding = openHoldingListener(options(), 10_000);
    const url = `http://127.0.0.1:${holding.server.port}/bonjour`;
    const held = fetch(url);
    await Bun.sleep(200);
    await holding.fail();
    const answer = await held;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("2");
    expect(await answer.json()).toEqual({
      success: false,
      code: "SERVER_STOPPING",
      message: "Le serveur redémarre : réessayez dans un instant.",
    });
    await expect(fetch(url)).rejects.toThrow();
  });

  it("answers 503 a request held longer than its bound", async () => {
    const holding = openHoldingListener(options(), 300);
    try {
      const started = Date.now();
      const answer = await fetch(`http://127.0.0.1:${holding.server.port}/bonjour`);
      expect(answer.status).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await holding.server.stop(true);
    }
  });
});

describe("an ordinary start's port", () => {
  it("is refused (EADDRINUSE) where a server already listens, even one sharing its port, and taken once free", async () => {
    const served = app();
    const port = listenApp(served, options(), null);
    try {
      let error: unknown;
      try {
        ensurePortFree(options(port));
      } catch (e) {
        error = e;
      }
      expect((error as { code?: string }).code).toBe("EADDRINUSE");
      // A takeover's listener may join it: the port is shared.
      const holding = openHoldingListener(options(port), 1000);
      await holding.fail();
    } finally {
      await served.server?.stop(true);
    }
    expect(() => ensurePortFree(options(port))).not.toThrow();
  });
});
