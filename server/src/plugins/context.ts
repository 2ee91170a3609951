import { Elysia } from "elysia";
import type { Server } from "bun";
import type { AppDeps } from "../deps";
import { newId } from "../lib/ids";

/**
 * The Content-Security-Policy. Scripts come from the site itself, and the inline scripts of
 * the app's HTML pages (theme-init.js, inlined by the build) are allowed by their hashes, which
 * the static plugin computes from each page it serves.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(" "),
    // Inline styles come from the rich-text editor's sanitised colour/size/font styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": contentSecurityPolicy(),
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** The path of an absolute request URL, without building a URL object (this runs on every request). */
function pathOf(url: string): string {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  return slash < 0 ? "/" : url.slice(slash);
}

/**
 * The client's address for the per-address limits: X-Forwarded-For only when trust-proxy is
 * set, else the socket's peer ("local" without one, as in tests). Asked only by the routes
 * that count per address (login, recovery, contact), not on every request.
 */
export function clientIp(deps: AppDeps, request: Request, server: Server<unknown> | null): string {
  if (deps.settings.trustProxy) {
    // The trusted proxy appends the address it saw: the last entry. Earlier entries
    // come from the client and could be forged to dodge the per-IP limits.
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").pop()?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "local";
}

/**
 * Per-request context: a request id (echoed in X-Request-Id and in 500 answers), the
 * security headers and no-store on API answers. Bodies are judged by the body plugin.
 */
export const contextPlugin = (deps: AppDeps) => {
  // Browsers are told to stay on HTTPS only when the public address is an HTTPS one.
  const https = deps.settings.publicUrl?.startsWith("https://") ?? false;
  return new Elysia({ name: "context", seed: deps.instanceId }).onRequest(({ request, set }) => {
    set.headers["x-request-id"] = newId();
    Object.assign(set.headers, SECURITY_HEADERS);
    if (https) set.headers["strict-transport-security"] = "max-age=15552000";
    // API answers are personal (balances, tasks, inventories): no browser or proxy keeps
    // them. A route with its own caching (downloads) sets its own header, which wins.
    if (pathOf(request.url).startsWith("/api/")) set.headers["cache-control"] = "no-store";
  });
};
