/**
 * Serving a stored file inline with HTTP validators and byte ranges (RFC 9110 §14), so that
 * an <audio> element can seek and an <img> is cached. One range per request: a multi-range
 * request gets the whole file (allowed by the RFC; players never ask for several).
 */
import { notFound } from "./errors";
import type { Storage } from "./storage";

export interface InlineFile {
  /** The file's key in storage (lib/storage). */
  key: string;
  /** The French 404 when the file is gone from storage. */
  missing: string;
  contentType: string;
  etag: string;
  cacheControl: string;
}

type Range = { start: number; end: number } | "unsatisfiable" | null;

/** Parses a `Range: bytes=…` header against a size; null means "send the whole file". */
export function parseRange(header: string | null, size: number): Range {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // Suffix range: the last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * The answer for a GET of `file`: 200, 206, 304 or 416, never reading more than asked (a
 * ranged read on S3 too). A HEAD runs the GET route too; Elysia drops its body.
 */
export async function serveInline(request: Request, storage: Storage, file: InlineFile): Promise<Response> {
  const info = await storage.stat(file.key);
  if (!info) throw notFound(file.missing);
  const size = info.size;
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Accept-Ranges": "bytes",
    ETag: file.etag,
    "Cache-Control": file.cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
  };
  const match = request.headers.get("if-none-match");
  if (match?.split(",").some((t) => t.trim() === file.etag || t.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }
  // If-Range with another validator: the file changed, send it whole.
  const ifRange = request.headers.get("if-range");
  const range = ifRange && ifRange !== file.etag ? null : parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  }
  if (range) {
    const length = range.end - range.start + 1;
    const partial = { ...headers, "Content-Range": `bytes ${range.start}-${range.end}/${size}`, "Content-Length": String(length) };
    return new Response(storage.body(file.key, range), { status: 206, headers: partial });
  }
  return new Response(storage.body(file.key), { status: 200, headers: { ...headers, "Content-Length": String(size) } });
}
