/** A body longer than the bound: refused after reading at most `max` bytes. */
export class TooLargeError extends Error {
  constructor(readonly max: number) {
    super(`réponse de plus de ${Math.round(max / 1024)} Ko`);
    this.name = "TooLargeError";
  }
}

/**
 * The body of `res` as text, read as a stream and cancelled as soon as it passes `max` bytes
 * (a declared Content-Length over it is refused before reading): what the server fetches from
 * elsewhere (an ENT's metadata, a timetable's .ics) never fills its memory.
 */
export async function readBounded(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > max) {
    // A body that cannot be cancelled is dropped with the response all the same.
    await res.body?.cancel().catch(() => undefined);
    throw new TooLargeError(max);
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Same: the refusal stands whether or not the stream accepts its cancel.
      await reader.cancel().catch(() => undefined);
      throw new TooLargeError(max);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
