import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { createTestApp, type TestContext } from "../../test/helpers";

// The same rules over a real listening socket, where slow and endless bodies happen.
const TIMEOUT_MS = 3000;
let ctx: TestContext;
let server: ReturnType<TestContext["app"]["listen"]>;
let port: number;
beforeAll(() => {
  ctx = createTestApp({ bodyTimeoutMs: TIMEOUT_MS });
  server = ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
  port = server.server!.port!;
});
afterAll(() => {
  server.stop(true);
  ctx.close();
});

/**
 * Sends request headers and the start of a body, then one more byte every `everyMs`
 * (never, when null). Resolves with what the server answered and when the socket closed,
 * or after `giveUpMs` with whatever arrived.
 */
function trickle(head: string, first: string, everyMs: number | null, giveUpMs: number) {
  return new Promise<{ reply: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    let timer: ReturnType<typeof setInterval> | undefined;
    const done = (closed: boolean) => {
      clearInterval(timer);
      resolve({ reply, closedAfterMs: closed ? Date.now() - started : null });
      socket.destroy();
    };
    const giveUp = setTimeout(() => done(false), giveUpMs);
    socket.on("data", (d) => (reply += d.toString("utf8")));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(giveUp);
      done(true);
    });
    socket.on("connect", () => {
      socket.write(`${head}\r\n\r\n${first}`);
      if (everyMs !== null) timer = setInterval(() => socket.write(" "), everyMs);
    });
  });
}
const post = (path: string, length: number, extra = "") =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}${extra}`;

describe("slow and endless bodies over HTTP", () => {
  it("a body sent one byte every 2 s is cut with a French 408 and the connection closes", async () => {
    const { reply, closedAfterMs } = await trickle(post("/api/users/login", 200), "{", 2000, TIMEOUT_MS + 5000);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(reply).toContain('"code":"REQUEST_TIMEOUT"');
    expect(reply).toContain("Requête trop lente : envoi interrompu.");
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it("a body that stops arriving is cut the same way", async () => {
    const { reply, closedAfterMs } = await trickle(post("/api/contact", 500), '{"name":', null, TIMEOUT_MS + 5000);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it("a guest announcing 8 MB to a session route gets 401 at once, without sending it", async () => {
    const { reply, closedAfterMs } = await trickle(post("/api/events", 8 * 1024 * 1024), "[[[[", null, 2000);
    expect(reply).toMatch(/^HTTP\/1\.1 401/);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs).toBeLessThan(1000);
  });

  it("refuses a streamed JSON body and a too large one", async () => {
    const url = `http://127.0.0.1:${port}/api/users/login`;
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"username":"a",'));
        c.enqueue(new TextEncoder().encode('"password":"b"}'));
        c.close();
      },
    });
    const chunked = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: stream });
    expect(chunked.status).toBe(400);
    expect(await chunked.json()).toMatchObject({ message: "Longueur de requête manquante." });
    const big = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: `{"username":"${"a".repeat(9 * 1024 * 1024)}"}` });
    expect(big.status).toBe(413);
  });

  it("keeps ordinary requests alive and fast meanwhile", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});
