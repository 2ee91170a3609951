import type { Server } from "bun";
import type { AnyElysia } from "elysia";

/**
 * The HTTP listener. Every server opens its port shared (SO_REUSEPORT) so that a server started
 * with --takeover can open it too before this one leaves (takeover.ts); an ordinary start first
 * checks that nobody listens there, since a shared port would otherwise let a second school's
 * server split the requests with the first without a word.
 */

export interface ListenOptions {
  host: string;
  port: number;
  maxRequestBodySize: number;
}

/** Bun's idle timeout of Elysia's listen (seconds), kept for the listener a takeover opens first. */
const IDLE_TIMEOUT_S = 30;

/**
 * EADDRINUSE when something already listens on host:port (a server of this version, which
 * shares its port, included): an exclusive listener is opened there for an instant, then closed.
 * Port 0 (any free port) needs no check.
 */
export function ensurePortFree({ host, port }: ListenOptions): void {
  if (port === 0) return;
  const probe = Bun.listen({ hostname: host, port, exclusive: true, socket: { data() {} } });
  probe.stop(true);
}

/** Where a request waits while the server taking over gets ready: its fate, once known. */
type Gate = { state: "waiting" } | { state: "open"; app: AnyElysia } | { state: "failed" };

/**
 * The port of a server taking over, opened before the old server leaves. Requests it accepts
 * meanwhile wait (at most `holdMs`) for adopt(), which hands them and the port to the app, or
 * fail(), which answers them 503 in French.
 */
export interface HoldingListener {
  readonly server: Server<unknown>;
  /** Serves `app` on this port from now on, as app.listen would, and lets the waiting requests through. */
  adopt(app: AnyElysia): void;
  /** Answers the waiting requests 503 and closes the port (the takeover failed). */
  fail(): Promise<void>;
}

const restarting = () =>
  new Response(JSON.stringify({ success: false, code: "SERVER_STOPPING", message: "Le serveur redémarre : réessayez dans un instant." }), {
    status: 503,
    headers: { "content-type": "application/json; charset=utf-8", "retry-after": "2", connection: "close" },
  });

/** Opens `options`' port shared and holds what comes there (see HoldingListener). */
export function openHoldingListener(options: ListenOptions, holdMs: number): HoldingListener {
  let gate: Gate = { state: "waiting" };
  const waiters = new Set<() => void>();
  const settle = (next: Gate) => {
    gate = next;
    for (const wake of waiters) wake();
    waiters.clear();
  };
  const opened = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, holdMs);
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
    });
  const server = Bun.serve({
    hostname: options.host,
    port: options.port,
    reusePort: true,
    idleTimeout: IDLE_TIMEOUT_S,
    maxRequestBodySize: options.maxRequestBodySize,
    development: false,
    async fetch(request) {
      if (gate.state === "waiting") await opened();
      // The app answers with the request's own server (app.server is this one once adopted).
      return gate.state === "open" ? gate.app.fetch(request) : restarting();
    },
  });
  return {
    server,
    adopt(app) {
      // Elysia's listen() computes Bun's options (its routes, handlers and limits) and passes them
      // to Bun.serve: they are passed to this server's reload() instead, so the app runs here
      // exactly as on a port of its own, the connections already open included.
      const serve = Bun.serve;
      (Bun as { serve: unknown }).serve = (bunOptions: Parameters<typeof server.reload>[0]) => {
        server.reload(bunOptions);
        return server;
      };
      try {
        app.listen({ hostname: options.host, port: server.port, reusePort: true, maxRequestBodySize: options.maxRequestBodySize });
      } finally {
        (Bun as { serve: unknown }).serve = serve;
      }
      if (app.server !== server) throw new Error("Elysia did not open its server through Bun.serve: the takeover cannot hand it the port");
      settle({ state: "open", app });
    },
    async fail() {
      settle({ state: "failed" });
      await server.stop(false);
    },
  };
}

/**
 * Serves `app` on `options`' port: through `holding` (a takeover), or on a port of its own,
 * shared, after checking that nobody listens there. Returns the port.
 */
export function listenApp(app: AnyElysia, options: ListenOptions, holding: HoldingListener | null): number {
  if (holding) {
    holding.adopt(app);
    return holding.server.port ?? options.port;
  }
  ensurePortFree(options);
  app.listen({ hostname: options.host, port: options.port, reusePort: true, maxRequestBodySize: options.maxRequestBodySize });
  return app.server?.port ?? options.port;
}
