import { brotliCompressSync, constants } from "node:zlib";

// Planify's one HTTP-level cache: an answer's bytes, serialised once and compressed once per
// encoding (EncodedJson), and its validator with the 304 it earns (cachedJsonResponse). The
// compression plugin sends every other JSON answer through the same EncodedJson, once.

/** Bodies up to this size go as they are: below one packet, compressing only costs time. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Fast settings, measured on a 300 KB task list: brotli quality 2 takes about 1.4 ms for a
 * smaller answer than gzip 6 (2.7 ms); gzip 3 takes 0.8 ms. Higher levels cost more time per
 * answer than they save on a school network; 11 would cost tens of ms.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } };
const GZIP_LEVEL = 3;

type Encoding = "br" | "gzip";

/** The encoding to use for this Accept-Encoding: brotli, then gzip, neither when refused (q=0) or absent. */
export function pickEncoding(header: string | null): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

/** The body compressed with the fast settings above. */
function compress(encoding: Encoding, bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return encoding === "br" ? brotliCompressSync(bytes, BROTLI_OPTIONS) : Bun.gzipSync(bytes, { level: GZIP_LEVEL });
}

/** The headers of a JSON answer sent in `encoding` (null: as it is). */
export function jsonHeaders(encoding: Encoding | null): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json;charset=utf-8", vary: "accept-encoding" };
  if (encoding) headers["content-encoding"] = encoding;
  return headers;
}

/**
 * A JSON answer's bytes: serialised once, and compressed once per encoding asked for. The
 * compression plugin uses one per answer; a route serving the same answer many times (the
 * remembered task list, the boards) keeps one in a Memo, holding only the bytes, not the
 * object graph, which is several times their size in memory.
 */
export class EncodedJson {
  private readonly bodies = new Map<Encoding | "identity", Uint8Array<ArrayBuffer>>();
  private contentTag: string | null = null;

  constructor(value: object) {
    this.bodies.set("identity", Buffer.from(JSON.stringify(value)));
  }

  /** A validator from the content itself, for answers without a cheaper one. */
  get etag(): string {
    this.contentTag ??= `W/"c${Bun.hash(this.bodies.get("identity")!).toString(36)}"`;
    return this.contentTag;
  }

  /** The body in the client's preferred encoding (compressed only over COMPRESS_MIN_BYTES) and that encoding. */
  encoded(acceptEncoding: string | null): { body: Uint8Array<ArrayBuffer>; encoding: Encoding | null } {
    const raw = this.bodies.get("identity")!;
    const encoding = raw.byteLength > COMPRESS_MIN_BYTES ? pickEncoding(acceptEncoding) : null;
    if (!encoding) return { body: raw, encoding };
    let body = this.bodies.get(encoding);
    if (!body) this.bodies.set(encoding, (body = compress(encoding, raw)));
    return { body, encoding };
  }
}

/** Whether If-None-Match names this validator (weak comparison, lists and `*` included). */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((part) => {
    const tag = part.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/**
 * A remembered JSON answer as HTTP: a 304 when the client's copy is current (If-None-Match
 * names the validator), else the answer's bytes in the client's encoding. The validator is
 * `etag` when the route has a cheaper one than the content (the list's counters: a 304 then
 * skips building the answer), else the answer's own content hash. Every such answer is
 * revalidated on each use (private, no-cache): the cache saves the work, never freshness.
 */
export function cachedJsonResponse(request: Request, answer: () => EncodedJson, etag?: string): Response {
  const encoded = etag === undefined ? answer() : null;
  // A 304 carries what the 200 would (RFC 9110 §15.4.5): the validator, the caching rule, Vary.
  const headers: Record<string, string> = { etag: etag ?? encoded!.etag, "cache-control": "private, no-cache", vary: "accept-encoding" };
  if (etagMatches(request.headers.get("if-none-match"), headers.etag!)) return new Response(null, { status: 304, headers });
  const { body, encoding } = (encoded ?? answer()).encoded(request.headers.get("accept-encoding"));
  return new Response(body, { status: 200, headers: { ...headers, ...jsonHeaders(encoding) } });
}
