import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { newId } from "../lib/ids";

export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": [
    "default-src 'self'",
    "script-src 'self'",
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
  ].join("; "),
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * Per-request context: a request id (echoed in X-Request-Id and in 500 answers), the
 * client IP (X-Forwarded-For only when trust-proxy is set), the security headers and
 * no-store on API answers. Bodies are judged by the body plugin.
 */
export const contextPlugin = (deps: AppDeps) => {
  // Browsers are told to stay on HTTPS only when the public address is an HTTPS one.
  const https = deps.settings.publicUrl?.startsWith("https://") ?? false;
  return new Elysia({ name: "context", seed: deps.instanceId })
    .onRequest(({ request, set }) => {
      set.headers["x-request-id"] = newId();
      Object.assign(set.headers, SECURITY_HEADERS);
      if (https) set.headers["strict-transport-security"] = "max-age=15552000";
      // API answers are personal (balances, tasks, inventories): no browser or proxy keeps
      // them. A route with its own caching (downloads) sets its own header, which wins.
      if (new URL(request.url).pathname.startsWith("/api/")) set.headers["cache-control"] = "no-store";
    })
    .derive({ as: "global" }, ({ request, server, set }) => {
      let ip: string | null = null;
      if (deps.settings.trustProxy) {
        // The trusted proxy appends the address it saw: the last entry. Earlier entries
        // come from the client and could be forged to dodge the per-IP limits.
        ip = request.headers.get("x-forwarded-for")?.split(",").pop()?.trim() || null;
      }
      ip ??= server?.requestIP(request)?.address ?? "local";
      return { ip, requestId: String(set.headers["x-request-id"] ?? "") };
    });
};
