import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { newId } from "../lib/ids";
import { AppError, unauthorized } from "../lib/errors";
import { userFromAuthorization } from "../features/auth/tokens";

/** Largest non-multipart body accepted (rich text with a few embedded images fits). */
export const JSON_BODY_MAX_BYTES = 8 * 1024 * 1024;

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

/** The only routes that take multipart bodies (attachments and hand-ins). */
const UPLOAD_PATH = /^\/api\/events\/[^/]+\/(attachments|submissions)$/;

/**
 * Bodies are parsed before route guards run, so a body is judged here, before it is read:
 * JSON must be small and not streamed; multipart (sized for ten 25 MB files) is
 * accepted only on the upload routes and only from a valid session.
 */
async function guardBody(deps: AppDeps, request: Request): Promise<void> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return;
  const type = request.headers.get("content-type") ?? "";
  const lengthHeader = request.headers.get("content-length");
  if (!type.startsWith("multipart/")) {
    // A streamed (chunked) JSON body would be buffered whole before any size check.
    if (lengthHeader === null && /chunked/i.test(request.headers.get("transfer-encoding") ?? "")) {
      throw new AppError("BAD_REQUEST", "Longueur de requête manquante.");
    }
    if (Number(lengthHeader) > JSON_BODY_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "Requête trop volumineuse.");
    return;
  }
  if (!UPLOAD_PATH.test(new URL(request.url).pathname)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Envoi de fichiers non accepté ici.");
  }
  if (!(await userFromAuthorization(deps, request.headers.get("authorization")))) throw unauthorized();
}

/**
 * Per-request context: a request id (echoed in X-Request-Id and in 500 answers), the
 * client IP (X-Forwarded-For only when trust-proxy is set) and the security headers.
 */
export const contextPlugin = (deps: AppDeps) => {
  // Browsers are told to stay on HTTPS only when the public address is an HTTPS one.
  const https = deps.settings.publicUrl?.startsWith("https://") ?? false;
  return new Elysia({ name: "context", seed: deps.instanceId })
    .onRequest(async ({ request, set }) => {
      set.headers["x-request-id"] = newId();
      Object.assign(set.headers, SECURITY_HEADERS);
      if (https) set.headers["strict-transport-security"] = "max-age=15552000";
      await guardBody(deps, request);
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
