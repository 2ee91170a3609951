import type { Listener } from "./audience";
import { SSE_OPEN } from "./sse";

/** Chunks a stream may have waiting for a client that does not read: past them, it is closed (the client resumes). */
const MAX_QUEUED = 256;

/** One open event stream: the client's listener, and the last event id sent to it. */
export class LiveStream {
  readonly body: ReadableStream<Uint8Array>;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private closed = false;

  constructor(
    public who: Listener,
    private readonly onClose: (stream: LiveStream) => void,
    /** Reads the owner again (session still open, class and role as they are now); null: the session ended. */
    readonly recheck: () => Promise<Listener | null> = async () => who,
  ) {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
        controller.enqueue(SSE_OPEN);
      },
      // The client went away (tab closed, network lost, request aborted).
      cancel: () => this.end(),
    });
  }

  get open(): boolean {
    return !this.closed;
  }

  send(bytes: Uint8Array): void {
    const controller = this.controller;
    if (this.closed || !controller) return;
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED) {
      // A client this far behind is gone or stuck: it resumes from its last id when it comes back.
      this.close();
      return;
    }
    controller.enqueue(bytes);
  }

  /** Ends the stream from the server's side (revoked session, too many streams, node stopping). */
  close(): void {
    if (this.closed) return;
    try {
      this.controller?.close();
    } catch {
      // Already errored or cancelled by the client: nothing left to close.
    }
    this.end();
  }

  private end(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
  }
}
