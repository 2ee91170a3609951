import { Elysia } from "elysia";
import { notFound, routeNotFound } from "../lib/errors";

/** URL path (e.g. "/assets/index-abc.js") -> file path, embedded in the binary or on disk. */
export type WebAssets = Record<string, string>;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const HASHED = /^\/assets\//;

/**
 * Serves the built React app: exact files, long caching for hashed assets, gzip for text,
 * and index.html for client routes (/devoirs, /admin, ...). Unknown /api (and /uploads) paths stay a JSON 404 naming the path.
 */
export const staticPlugin = (assets: WebAssets) => {
  const gzipCache = new Map<string, Uint8Array>();
  const serve = async (urlPath: string, acceptsGzip: boolean) => {
    const file = Bun.file(assets[urlPath]!);
    const headers: Record<string, string> = {
      "content-type": file.type,
      "cache-control": HASHED.test(urlPath) ? "public, max-age=31536000, immutable" : "no-cache",
      // Bun would name the file after its hashed embedded copy (e.g. "reglement-ksb2hbc3.docx").
      "content-disposition": `inline; filename*=UTF-8''${encodeURIComponent(urlPath.slice(urlPath.lastIndexOf("/") + 1))}`,
      vary: "accept-encoding",
    };
    if (acceptsGzip && COMPRESSIBLE.test(urlPath)) {
      let gz = gzipCache.get(urlPath);
      if (!gz) gzipCache.set(urlPath, (gz = Bun.gzipSync(new Uint8Array(await file.arrayBuffer()))));
      return new Response(gz, { headers: { ...headers, "content-encoding": "gzip" } });
    }
    return new Response(file, { headers });
  };
  return new Elysia({ name: "static" }).get("/*", ({ path, request, set }) => {
    if (path === "/api" || path.startsWith("/api/") || path.startsWith("/uploads/")) throw routeNotFound(request.method, path);
    const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw notFound("Page introuvable.");
    }
    if (assets[decoded] && decoded !== "/index.html") return serve(decoded, gzip);
    // A missing file with an extension is a 404; anything else is a client route.
    if (/\.[a-z0-9]+$/i.test(decoded) || !assets["/index.html"]) {
      set.status = 404;
      set.headers["content-type"] = "text/plain; charset=utf-8";
      return "Page introuvable.";
    }
    return serve("/index.html", gzip);
  });
};
