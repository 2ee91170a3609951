import { Elysia } from "elysia";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { SESSION_COOKIE } from "../features/auth/session-cookie";
import { notFound, routeNotFound } from "../lib/errors";
import { contentSecurityPolicy } from "./context";

/** URL path (e.g. "/assets/index-abc.js") -> file path, embedded in the binary or on disk. */
export type WebAssets = Record<string, string>;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const HASHED = /^\/assets\//;
/**
 * HTML pages the router picks; never served under their own names. Besides the shell
 * (index.html), the build prerenders the guest home page and a signed-in browser's frame of
 * "/" and "/devoirs" (scripts/lib/prerender.ts).
 */
const PAGES = new Set(["/index.html", "/home.html", "/member-home.html", "/member-devoirs.html"]);
/** Client route -> the prerendered page for a guest and for a browser with the session cookie (the shell otherwise). */
const PRERENDERED: Record<string, { guest?: string; member?: string }> = {
  "/": { guest: "/home.html", member: "/member-home.html" },
  "/devoirs": { member: "/member-devoirs.html" },
};
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The Content-Security-Policy of a page: its inline scripts (theme-init.js, inlined by the build) allowed by their SHA-256. */
export function pagePolicy(html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) => `sha256-${new Bun.CryptoHasher("sha256").update(body!).digest("base64")}`,
  );
  return contentSecurityPolicy(hashes);
}
/** A browser that signed in here carries the session cookie (its token is checked by the app, not here). */
const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`);

type Encoding = "br" | "gzip";
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Strongest settings: each file is compressed once per process (off the event loop) and kept. */
function compress(data: Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  if (encoding === "gzip") return gzipAsync(data, { level: 9 });
  return brotli(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

function encodingOf(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  return /\bgzip\b/.test(acceptEncoding) ? "gzip" : null;
}

/**
 * Serves the built React app: exact files, long caching for hashed assets, brotli (or gzip)
 * for text, the prerendered pages for "/" and "/devoirs" (see PRERENDERED) and index.html for
 * the other client routes (/admin, ...), each HTML page with its own Content-Security-Policy. Unknown /api (and /uploads) paths stay a JSON 404 naming the path.
 */
export const staticPlugin = (assets: WebAssets) => {
  const compressed = new Map<string, Promise<Uint8Array>>();
  const policies = new Map<string, Promise<string>>();
  const policyOf = (urlPath: string) => {
    let policy = policies.get(urlPath);
    if (!policy) {
      policy = Bun.file(assets[urlPath]!).text().then(pagePolicy);
      policies.set(urlPath, policy);
      policy.catch(() => policies.delete(urlPath));
    }
    return policy;
  };
  const serve = async (urlPath: string, encoding: Encoding | null, vary = "accept-encoding") => {
    const file = Bun.file(assets[urlPath]!);
    const headers: Record<string, string> = {
      "content-type": file.type,
      "cache-control": HASHED.test(urlPath) ? "public, max-age=31536000, immutable" : "no-cache",
      // Bun would name the file after its hashed embedded copy (e.g. "reglement-ksb2hbc3.docx").
      "content-disposition": `inline; filename*=UTF-8''${encodeURIComponent(urlPath.slice(urlPath.lastIndexOf("/") + 1))}`,
      vary,
    };
    if (PAGES.has(urlPath)) headers["content-security-policy"] = await policyOf(urlPath);
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
    // "/" and "/devoirs" come prerendered, for a guest or for a browser with the session
    // cookie (web/public/theme-init.js hides a page that is not this browser's).
    const prerendered = PRERENDERED[decoded];
    if (prerendered) {
      const page = SIGNED_IN.test(request.headers.get("cookie") ?? "") ? prerendered.member : prerendered.guest;
      return serve(page && assets[page] ? page : "/index.html", encoding, "accept-encoding, cookie");
    }
    return serve("/index.html", encoding);
  });
};
