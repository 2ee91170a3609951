import { expect } from "vitest";

/** One event read off a live stream. */
export interface ReadEvent {
  id: string;
  kind: string;
  data: Record<string, unknown>;
}

/**
 * Reads a text/event-stream answer as a browser's stream would: every event in order, the
 * stream's end, and a wait for the event a test expects (with a deadline, never forever).
 */
export class LiveReader {
  readonly events: ReadEvent[] = [];
  /** The id a browser would resume from (the last `id:` line, events or not). */
  lastId: string | null = null;
  ended = false;
  private buffer = "";
  private readonly reader: { read(): Promise<{ value?: Uint8Array; done: boolean }>; cancel(): Promise<void> };
  private readonly done: Promise<void>;
  private notify: (() => void) | null = null;

  constructor(readonly response: Response) {
    this.reader = response.body!.getReader();
    this.done = this.pump();
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let cut = this.buffer.indexOf("\n\n");
        while (cut >= 0) {
          this.parse(this.buffer.slice(0, cut));
          this.buffer = this.buffer.slice(cut + 2);
          cut = this.buffer.indexOf("\n\n");
        }
        this.notify?.();
      }
    } catch {
      // Cancelled by the test, or cut by the server: `ended` says so either way.
    }
    this.ended = true;
    this.notify?.();
  }

  private parse(block: string): void {
    const fields = new Map<string, string>();
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const at = line.indexOf(": ");
      if (at > 0) fields.set(line.slice(0, at), line.slice(at + 2));
    }
    if (fields.has("id")) this.lastId = fields.get("id")!;
    if (!fields.has("event")) return;
    this.events.push({ id: fields.get("id") ?? "", kind: fields.get("event")!, data: JSON.parse(fields.get("data") ?? "{}") });
  }

  /** Waits until `test` holds (events so far, or the end), failing after `ms`. */
  async until(test: (events: ReadEvent[], ended: boolean) => boolean, ms = 3000, what = "the expected event"): Promise<ReadEvent[]> {
    const deadline = Date.now() + ms;
    while (!test(this.events, this.ended)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what} did not come within ${ms} ms; got ${JSON.stringify(this.events)} (ended: ${this.ended})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.notify = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.events;
  }

  /** The first event of this kind (waited for). */
  async next(kind: string, ms = 3000): Promise<ReadEvent> {
    const events = await this.until((e) => e.some((x) => x.kind === kind), ms, `a « ${kind} » event`);
    return events.find((x) => x.kind === kind)!;
  }

  kinds(): string[] {
    return this.events.map((e) => e.kind);
  }

  async close(): Promise<void> {
    // A stream the server already ended has nothing left to cancel.
    await this.reader.cancel().catch((error: unknown) => void error);
    await this.done;
  }
}

/** Opens a stream and checks it is one. */
export async function openLive(send: () => Promise<Response>): Promise<LiveReader> {
  const res = await send();
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  return new LiveReader(res);
}
