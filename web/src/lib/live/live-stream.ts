// One live stream (GET /api/live, Server-Sent Events) read with fetch, so that the session's
// Bearer token goes with it like on every call. The wire format is parsed by
// eventsource-parser; this module keeps the connection: it resumes after a drop with the id of
// the last event seen (Last-Event-ID), waits longer after each failed attempt (reconnectDelay),
// gives a silent connection up after two heartbeats and a bit, and never comes back after a 401
// (the session is over: the api client already ended it).
import { createParser } from "eventsource-parser";
import { LIVE_HEARTBEAT_MS, LIVE_KINDS, type LiveEvent, type LiveEventData, type LiveKind } from "@planify/common/schemas/live";
import { reconnectDelay } from "./backoff";

/** A connection that sent nothing (not even a heartbeat) this long is taken for dead. */
export const SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;
/** A connection that lived this long counts as healthy: the next drop starts the waits over. */
export const STABLE_MS = 60_000;
/**
 * The same for a stream the server ended itself. It does so when the user opens more than
 * LIVE_STREAMS_PER_USER streams (it closes the oldest), which looks exactly like a node
 * stopping: with the short rule, four open tabs would take turns closing each other every
 * second; with this one they space out to the longest wait, while a stream that ran for a
 * long time (a node restarted) still comes back within a second.
 */
export const CLOSED_STABLE_MS = 10 * 60_000;

export type StreamStatus = "connecting" | "open" | "down" | "off";

export interface LiveStreamOptions {
  /** Opens one connection; throws when it got no answer or a refusal (an error with `status`). */
  connect(lastEventId: string | null, signal: AbortSignal): Promise<Response>;
  onEvent(event: LiveEvent): void;
  onStatus?(status: StreamStatus): void;
  /**
   * A connection opened without an event id after an earlier one (nothing to resume from):
   * whatever happened in between is unknown, the app refetches what it shows.
   */
  onGap?(): void;
  /** The id to resume from (a stream started again for the same user). */
  lastEventId?: string | null;
  /** This stream follows an earlier one (a tab shown again): its first connection may find a gap too. */
  reopening?: boolean;
  random?: () => number;
}

export interface LiveStream {
  /** Ends the stream for good. */
  stop(): void;
  /** Skips the current wait and connects at once (the connection may be back). */
  retryNow(): void;
  /** The id of the last event seen (what a new stream resumes from). */
  lastEventId(): string | null;
}

const KINDS = new Set<string>(LIVE_KINDS);

/** The `data:` of an event; anything unreadable counts as no fields. */
function dataOf(text: string): LiveEventData {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object") return {};
    const { taskId, userId } = parsed as Record<string, unknown>;
    return {
      ...(typeof taskId === "string" && { taskId }),
      ...(typeof userId === "string" && { userId }),
    };
  } catch {
    // A heartbeat-only or empty data field: the event still says what changed.
    return {};
  }
}

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

export function startLiveStream(opts: LiveStreamOptions): LiveStream {
  let lastId = opts.lastEventId ?? null;
  let stopped = false;
  let attempt = 0;
  let connections = opts.reopening ? 1 : 0;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;
  let waitTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;

  const status = (s: StreamStatus) => opts.onStatus?.(s);

  const parser = createParser({
    onId: (id) => {
      // An empty id field resets it (as in EventSource).
      lastId = id || null;
    },
    onEvent: (message) => {
      if (!message.event || !KINDS.has(message.event)) return; // a kind this app does not know yet
      opts.onEvent({ id: message.id ?? lastId ?? "", kind: message.event as LiveKind, data: dataOf(message.data) });
    },
  });

  /** Reads one open connection to its end: "closed" when the server ended it, "silent" when it fell silent or was stopped. */
  async function read(body: ReadableStream<Uint8Array>, abort: AbortController): Promise<"closed" | "silent"> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const alive = () => {
      clearTimeout(silenceTimer);
      silenceTimer = setTimeout(() => abort.abort(), SILENCE_MS);
    };
    // Cancelling a stream that already broke fails too: either way the read loop ends.
    const onAbort = () => void reader.cancel().catch(() => undefined);
    abort.signal.addEventListener("abort", onAbort);
    alive();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (abort.signal.aborted) return "silent";
        if (done) return "closed";
        alive();
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(silenceTimer);
      abort.signal.removeEventListener("abort", onAbort);
      reader.releaseLock();
    }
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      wake = () => {
        clearTimeout(waitTimer);
        wake = null;
        resolve();
      };
      waitTimer = setTimeout(() => wake?.(), ms);
    });
  }

  async function run() {
    while (!stopped) {
      const abort = new AbortController();
      controller = abort;
      status(connections === 0 ? "connecting" : "down");
      let openedAt = 0;
      let closedByServer = false;
      try {
        const resumeFrom = lastId;
        const res = await opts.connect(resumeFrom, abort.signal);
        if (stopped) return;
        // Anything but an event stream (an old server's fallback page) is a failed attempt.
        if (!res.body || !(res.headers.get("content-type") ?? "").includes("text/event-stream")) throw new Error("not an event stream");
        openedAt = Date.now();
        parser.reset();
        if (connections > 0 && resumeFrom === null) opts.onGap?.();
        connections++;
        status("open");
        closedByServer = (await read(res.body, abort)) === "closed";
      } catch (error) {
        if (stopped) return;
        if (statusOf(error) === 401) {
          // The session is over (the api client ended it): a new sign-in starts a new stream.
          stopped = true;
          status("off");
          return;
        }
      }
      if (stopped) return;
      if (openedAt && Date.now() - openedAt >= (closedByServer ? CLOSED_STABLE_MS : STABLE_MS)) attempt = 0;
      status("down");
      await wait(reconnectDelay(attempt++, opts.random));
    }
  }

  void run();

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      controller?.abort();
      clearTimeout(silenceTimer);
      wake?.();
    },
    retryNow() {
      if (!wake) return;
      attempt = 0;
      wake();
    },
    lastEventId: () => lastId,
  };
}
