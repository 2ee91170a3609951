import { Elysia, StatusMap } from "elysia";
import { brotliCompressSync, constants } from "node:zlib";

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

/** The body compressed with the plugin's fast settings. */
function compress(encoding: Encoding, bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return encoding === "br" ? brotliCompressSync(bytes, BROTLI_OPTIONS) : Bun.gzipSync(bytes, { level: GZIP_LEVEL });
}

/** The headers of a JSON answer sent in `encoding` (null: as it is). */
function jsonHeaders(encoding: Encoding | null): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json;charset=utf-8", vary: "accept-encoding" };
  if (encoding) headers["content-encoding"] = encoding;
  return headers;
}

/**
 * A JSON answer's bytes: serialised once, and compressed once per encoding asked for. The
 * plugin below uses one per answer; a route serving the same answer many times (the
 * remembered task list) keeps one, holding only the bytes, not the object graph, which is
 * several times their size in memory.
 */
export class EncodedJson {
  private readonly bodies = new Map<Encoding | "identity", Uint8Array<ArrayBuffer>>();

  constructor(value: object) {
    this.bodies.set("identity", Buffer.from(JSON.stringify(value)));
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

  /** A 200 carrying this answer and `headers`. */
  response(acceptEncoding: string | null, headers: Record<string, string>): Response {
    const { body, encoding } = this.encoded(acceptEncoding);
    return new Response(body, { status: 200, headers: { ...headers, ...jsonHeaders(encoding) } });
  }
}

const isJsonValue = (value: unknown) =>
  typeof value === "object" && value !== null && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);

/**
 * Every JSON answer over COMPRESS_MIN_BYTES is sent compressed when the client accepts it
 * (Bun's built-in zlib). Files and streams keep their own handling: only plain objects and
 * arrays, the values Elysia would serialise itself, are taken.
 */
export const compressionPlugin = () =>
  new Elysia({ name: "compression" }).mapResponse({ as: "global" }, ({ responseValue, request, set }) => {
    if (!isJsonValue(responseValue)) return;
    const { body, encoding } = new EncodedJson(responseValue as object).encoded(request.headers.get("accept-encoding"));
    Object.assign(set.headers, jsonHeaders(encoding));
    return new Response(body, { status: responseStatus(set.status) });
  });

/** set.status may be a number or a status name; Response wants the number. */
function responseStatus(status: number | keyof typeof StatusMap | undefined): number {
  if (typeof status === "number") return status;
  return status ? StatusMap[status] : 200;
}
