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
 * client IP (X-Forwarded-For only when trust-proxy is set) and the security headers.
 */
export const contextPlugin = (deps: AppDeps) =>
  new Elysia({ name: "context", seed: deps.instanceId })
    .onRequest(({ set }) => {
      set.headers["x-request-id"] = newId();
      Object.assign(set.headers, SECURITY_HEADERS);
    })
    .derive({ as: "global" }, ({ request, server, set }) => {
      let ip: string | null = null;
      if (deps.settings.trustProxy) {
        ip = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
      }
      ip ??= server?.requestIP(request)?.address ?? "local";
      return { ip, requestId: String(set.headers["x-request-id"] ?? "") };
    });
