import type { AnyElysia } from "elysia";

/**
 * A refusal sent before the body was read, closed gracefully. Closing a socket that still
 * has unread request bytes makes the kernel reset it, and a client still sending (Node's
 * fetch and http, curl) then reports EPIPE or ECONNRESET instead of our answer. So the answer
 * goes out at once, then the rest of the body is read and dropped, within bounds, and only
 * then does the connection close. Bun aborts a request's body once the response is complete,
 * so the response's own stream stays open while the body is drained.
 */

/** The header of an answer that ends the connection; the errors plugin closes it gracefully. */
export const CLOSE = { Connection: "close" } as const;

/** How much of a refused body is read and dropped before the connection closes. */
export const DRAIN_LIMITS = {
  /** Bytes: a client sending more has had our answer long before; it gets a reset. */
  maxBytes: 16 * 1024 * 1024,
  /** Total time, so a client trickling bytes cannot hold the connection. */
  maxMs: 5_000,
  /** A client that stops sending has nothing left to lose: close after this pause. */
  idleMs: 1_000,
};

export type DrainLimits = typeof DRAIN_LIMITS;

/** Reads and drops `body` until it ends or a limit is reached; never throws. */
async function drain(body: ReadableStream<Uint8Array>, limits: DrainLimits): Promise<void> {
  const reader = body.getReader();
  // Draining is best effort by contract (never throws).
  const stop = () => void reader.cancel().catch(() => {});
  const total = setTimeout(stop, limits.maxMs);
  let idle: ReturnType<typeof setTimeout> | undefined;
  let bytes = 0;
  try {
    while (bytes <= limits.maxBytes) {
      clearTimeout(idle);
      idle = setTimeout(stop, limits.idleMs);
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    if (bytes > limits.maxBytes) stop();
  } catch {
    // The client hung up or the limits cancelled the read: either way we are done.
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
  }
}

/** True when `request` still has a body nobody has started reading. */
function unreadBody(request: Request): request is Request & { body: ReadableStream<Uint8Array> } {
  return !!request.body && !request.bodyUsed && !request.body.locked;
}

/**
 * `response` (an answer that closes the connection) as one that first drains what is left of
 * the request's body within `limits`; unchanged when there is nothing left to read.
 */
export function closeGracefully(request: Request, response: Response, limits: DrainLimits = DRAIN_LIMITS): Response {
  if (!unreadBody(request) || !response.body) return response;
  const answer = response.body;
  const body = request.body;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for await (const chunk of answer) controller.enqueue(chunk);
      await drain(body, limits);
      controller.close();
    },
  });
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(stream, { status: response.status, headers });
}

/**
 * How long a stopping server keeps serving before it closes its port and its idle connections
 * (unless PLANIFY_DRAIN_SECONDS is longer). Meanwhile every answer ends its connection (below):
 * a client with a keep-alive connection learns from its next answer to open a new one (to the
 * server taking over, if any) instead of sending on a connection closed under it, which a
 * browser retries but Node's fetch reports as a failure (measured).
 */
export const KEEP_ALIVE_NOTICE_MS = 1_000;

/** From the moment `lifecycle.stopping` is set, every answer carries `Connection: close`. */
export function closeConnectionsWhenStopping(app: AnyElysia, lifecycle: { stopping: boolean }): void {
  app.onRequest(({ set }) => {
    if (lifecycle.stopping) set.headers.connection = CLOSE.Connection;
  });
}
