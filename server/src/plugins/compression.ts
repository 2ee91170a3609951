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

/**
 * A JSON answer served many times as it is (a remembered task list): serialised once, and
 * compressed once per encoding asked for, instead of on every request. Only the bytes are
 * kept, not the object graph, which is several times their size in memory.
 */
export class EncodedJson {
  private readonly bodies = new Map<Encoding | "identity", Uint8Array<ArrayBuffer>>();

  constructor(value: object) {
    this.bodies.set("identity", Buffer.from(JSON.stringify(value)));
  }

  /** A 200 with the body in the client's preferred encoding (when over COMPRESS_MIN_BYTES) and these headers. */
  response(acceptEncoding: string | null, headers: Record<string, string>): Response {
    const raw = this.bodies.get("identity")!;
    const encoding = raw.byteLength > COMPRESS_MIN_BYTES ? pickEncoding(acceptEncoding) : null;
    let body = raw;
    if (encoding) {
      body = this.bodies.get(encoding) ?? compress(encoding, raw);
      this.bodies.set(encoding, body);
    }
    const all: Record<string, string> = { ...headers, "content-type": "application/json;charset=utf-8", vary: "accept-encoding" };
    if (encoding) all["content-encoding"] = encoding;
    return new Response(body, { status: 200, headers: all });
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
    const json = JSON.stringify(responseValue);
    set.headers["content-type"] = "application/json;charset=utf-8";
    set.headers.vary = "accept-encoding";
    const encoding = json.length > COMPRESS_MIN_BYTES / 4 ? pickEncoding(request.headers.get("accept-encoding")) : null;
    const bytes = Buffer.from(json);
    if (!encoding || bytes.byteLength <= COMPRESS_MIN_BYTES) return new Response(bytes, { status: responseStatus(set.status) });
    set.headers["content-encoding"] = encoding;
    return new Response(compress(encoding, bytes), { status: responseStatus(set.status) });
  });

/** set.status may be a number or a status name; Response wants the number. */
function responseStatus(status: number | keyof typeof StatusMap | undefined): number {
  if (typeof status === "number") return status;
  return status ? StatusMap[status] : 200;
}
