import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { createTestApp, type TestContext } from "../../test/helpers";
import { DRAIN_LIMITS } from "./graceful-close";

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
  return new Promise<{ reply: string; replyAfterMs: number | null; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    let replyAfterMs: number | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const done = (closed: boolean) => {
      clearInterval(timer);
      resolve({ reply, replyAfterMs, closedAfterMs: closed ? Date.now() - started : null });
      socket.destroy();
    };
    const giveUp = setTimeout(() => done(false), giveUpMs);
    socket.on("data", (d) => {
      reply += d.toString("utf8");
      replyAfterMs ??= Date.now() - started;
    });
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
/** Sends headers then body bytes as fast as the server takes them, until it closes; counts them. */
function blast(head: string) {
  return new Promise<{ reply: string; sent: number }>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let reply = "";
    let sent = 0;
    const pump = () => {
      while (!socket.destroyed && sent < 100 * 1024 * 1024) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
    };
    socket.on("data", (d) => (reply += d.toString("utf8")));
    socket.on("error", () => {});
    socket.on("close", () => resolve({ reply, sent }));
    socket.on("connect", () => {
      socket.write(`${head}\r\n\r\n`);
      pump();
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

  it("a guest announcing 8 MB to a session route gets 401 at once, and the connection ends once he stops sending", async () => {
    const { reply, replyAfterMs, closedAfterMs } = await trickle(post("/api/events", 8 * 1024 * 1024), "[[[[", null, 4000);
    expect(reply).toMatch(/^HTTP\/1\.1 401/);
    expect(reply).toContain("Session expirée. Veuillez vous reconnecter.");
    expect(replyAfterMs).toBeLessThan(500);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs).toBeLessThan(DRAIN_LIMITS.idleMs + 1000);
  });

  it("a refused body trickled one byte every 200 ms is dropped for 5 s at most, then the connection ends", async () => {
    const { reply, replyAfterMs, closedAfterMs } = await trickle(post("/api/events", 8 * 1024 * 1024), "[", 200, DRAIN_LIMITS.maxMs + 4000);
    expect(reply).toMatch(/^HTTP\/1\.1 401/);
    expect(replyAfterMs).toBeLessThan(500);
    expect(closedAfterMs).toBeGreaterThanOrEqual(DRAIN_LIMITS.maxMs - 100);
    expect(closedAfterMs).toBeLessThan(DRAIN_LIMITS.maxMs + 2000);
  });

  it("a refused body is read and dropped up to 16 MiB, and the connection ends there", async () => {
    const answer = await blast(post("/api/users/login", 100 * 1024 * 1024));
    expect(answer.reply).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.reply).toContain("Requête trop volumineuse.");
    // The server stopped reading near the limit: the kernel buffers hold a few MB more at most.
    expect(answer.sent).toBeGreaterThan(DRAIN_LIMITS.maxBytes);
    expect(answer.sent).toBeLessThan(DRAIN_LIMITS.maxBytes + 48 * 1024 * 1024);
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
    const big = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"username":"${"a".repeat(9 * 1024 * 1024)}"}`,
    });
    expect(big.status).toBe(413);
  });

  it("keeps ordinary requests alive and fast meanwhile", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});
