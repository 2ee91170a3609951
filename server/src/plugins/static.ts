import { Elysia } from "elysia";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { SESSION_COOKIE } from "../features/auth/session-cookie";
import { notFound, routeNotFound } from "../lib/errors";

/** URL path (e.g. "/assets/index-abc.js") -> file path, embedded in the binary or on disk. */
export type WebAssets = Record<string, string>;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const HASHED = /^\/assets\//;
/** HTML pages the router picks; never served under their own names. */
const PAGES = new Set(["/index.html", "/home.html"]);
/** A browser that signed in here carries the session cookie (its token is checked by the app, not here). */
const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`);

type Encoding = "br" | "gzip";
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Strongest settings: each file is compressed once per process (off the event loop) and kept. */
function compress(data: Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  if (encoding === "gzip") return gzipAsync(data, { level: 9 });
  return brotli(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
}

function encodingOf(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  return /\bgzip\b/.test(acceptEncoding) ? "gzip" : null;
}

/**
 * Serves the built React app: exact files, long caching for hashed assets, brotli (or gzip)
 * for text, the prerendered guest home page (home.html) for "/" (the shell for a browser with
 * the session cookie) and index.html for the
 * client routes (/devoirs, /admin, ...). Unknown /api (and /uploads) paths stay a JSON 404 naming the path.
 */
export const staticPlugin = (assets: WebAssets) => {
  const compressed = new Map<string, Promise<Uint8Array>>();
  const serve = async (urlPath: string, encoding: Encoding | null, vary = "accept-encoding") => {
    const file = Bun.file(assets[urlPath]!);
    const headers: Record<string, string> = {
      "content-type": file.type,
      "cache-control": HASHED.test(urlPath) ? "public, max-age=31536000, immutable" : "no-cache",
      // Bun would name the file after its hashed embedded copy (e.g. "reglement-ksb2hbc3.docx").
      "content-disposition": `inline; filename*=UTF-8''${encodeURIComponent(urlPath.slice(urlPath.lastIndexOf("/") + 1))}`,
      vary,
    };
    if (encoding && COMPRESSIBLE.test(urlPath)) {
      const key = `${encoding} ${urlPath}`;
      let body = compressed.get(key);
      if (!body) {
        body = file.arrayBuffer().then((buf) => compress(new Uint8Array(buf), encoding));
        compressed.set(key, body);
        body.catch(() => compressed.delete(key)); // a failure is retried by the next request
      }
      return new Response(await body, { headers: { ...headers, "content-encoding": encoding } });
    }
    return new Response(file, { headers });
  };
  return new Elysia({ name: "static" }).get("/*", ({ path, request, set }) => {
    if (path === "/api" || path.startsWith("/api/") || path.startsWith("/uploads/")) throw routeNotFound(request.method, path);
    const encoding = encodingOf(request.headers.get("accept-encoding"));
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw notFound("Page introuvable.");
    }
    if (assets[decoded] && !PAGES.has(decoded)) return serve(decoded, encoding);
    // A missing file with an extension is a 404; anything else is a client route.
    if (/\.[a-z0-9]+$/i.test(decoded) || !assets["/index.html"]) {
      set.status = 404;
      set.headers["content-type"] = "text/plain; charset=utf-8";
      return "Page introuvable.";
    }
    // "/" is the prerendered guest page, except for a browser with the session cookie: it would
    // only hide that page (web/public/theme-init.js), so it gets the lighter shell at once.
    if (decoded === "/" && assets["/home.html"]) {
      const signedIn = SIGNED_IN.test(request.headers.get("cookie") ?? "");
      return serve(signedIn ? "/index.html" : "/home.html", encoding, "accept-encoding, cookie");
    }
    return serve("/index.html", encoding);
  });
};
