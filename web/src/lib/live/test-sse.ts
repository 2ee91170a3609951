// Test helper (not a test file): a fake GET /api/live whose answers are streams the test writes to.
import { vi } from "vitest";

export interface FakeStream {
  /** Sends raw SSE text (may cut a line or an event anywhere). */
  push(text: string): void;
  /** The server ends the stream cleanly. */
  end(): void;
  /** The connection breaks. */
  fail(): void;
}

export interface LiveCall {
  url: string;
  headers: Record<string, string>;
  stream: FakeStream;
}

/** A `fetch` for the stream: each call answers 200 text/event-stream (or `status`), and is kept in `calls`. */
export function fakeLiveFetch() {
  const calls: LiveCall[] = [];
  let refuse: number | null = null;
  let offline = false;
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (offline) throw new TypeError("Failed to fetch");
    if (refuse !== null)
      return new Response(JSON.stringify({ success: false, code: "UNAUTHORIZED", message: "Non connecté." }), {
        status: refuse,
        headers: { "Content-Type": "application/json" },
      });
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    const signal = init.signal;
    signal?.addEventListener("abort", () => {
      try {
        controller.error(new DOMException("aborted", "AbortError"));
      } catch {
        // Already closed by the test: nothing left to abort.
      }
    });
    const stream: FakeStream = {
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      fail: () => controller.error(new TypeError("network error")),
    };
    calls.push({ url, headers: { ...(init.headers as Record<string, string>) }, stream });
    return new Response(body, { headers: { "Content-Type": "text/event-stream; charset=utf-8" } });
  });
  return {
    fetch,
    calls,
    last: () => calls.at(-1) as LiveCall,
    /** Every next call answers this status (null: the stream again). */
    refuseWith(status: number | null) {
      refuse = status;
    },
    /** Every next call gets no answer. */
    setOffline(value: boolean) {
      offline = value;
    },
  };
}

/** Lets promises and stream reads settle (fake timers do not run them by themselves). */
export async function settle(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}
