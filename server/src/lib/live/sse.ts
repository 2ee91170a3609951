import type { LiveEventData, LiveKind } from "@planify/common/schemas/live";

const encoder = new TextEncoder();

/** One Server-Sent Event: `id:` (where a resumed stream starts again), `event:` its kind, `data:` its JSON. */
export function sseMessage(id: number, kind: LiveKind, data: LiveEventData | string): Uint8Array {
  const json = typeof data === "string" ? data : JSON.stringify(data);
  return encoder.encode(`id: ${id}\nevent: ${kind}\ndata: ${json}\n\n`);
}

/** The first bytes of a stream: sends the headers through buffering proxies at once. */
export const SSE_OPEN = encoder.encode(": ouvert\n\n");

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // nginx: do not buffer this answer (docs/deploy/nginx.conf sets it for /api/live too).
  "x-accel-buffering": "no",
} as const;

/** An id-only block: where the client resumes from, even before its first event (no event is dispatched). */
export const sseMark = (id: number): Uint8Array => encoder.encode(`id: ${id}\n\n`);
