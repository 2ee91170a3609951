import { Elysia, ValidationError } from "elysia";
import { DEFAULT_ERROR_MESSAGES, type ErrorCode, type ErrorEnvelope } from "@planify/common/errors";
import { MISSING_MESSAGE } from "@planify/common/schemas/shared";
import type { AppDeps } from "../deps";
import { isConnectionLost } from "../db/errors";
import { AppError, routeNotFound } from "../lib/errors";
import { diskOf, isDiskFull } from "../lib/disk";
import { CLOSE, closeGracefully } from "./graceful-close";

/** The admin users screens read a failure's text from `error` (their original client did). */
const ERROR_FIELD_PREFIX = "/api/users-admin";

function envelope(status: number, code: ErrorCode, message: string, requestId?: string, headers: Record<string, string> = {}, path = "") {
  const body: ErrorEnvelope = { success: false, message, code };
  if (requestId) body.requestId = requestId;
  if (path.startsWith(ERROR_FIELD_PREFIX)) body.error = message;
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/**
 * The code and French message of a validation error: a missing field's own message when its
 * schema names one (`missingMessage` in common: the BAD_REQUEST its service answered before
 * the schema required it), else VALIDATION naming the first invalid field.
 */
function validationFailure(error: ValidationError): { code: ErrorCode; message: string } {
  let first: { path?: string; value?: unknown; schema?: Record<string, unknown> } | undefined;
  try {
    first = error.all?.[0] as typeof first;
  } catch {
    // An error list that cannot be built still gets the generic message below.
    first = undefined;
  }
  const missing = first?.schema?.[MISSING_MESSAGE];
  if (first && first.value === undefined && typeof missing === "string") return { code: "BAD_REQUEST", message: missing };
  const field = first?.path?.replace(/^\//, "").replace(/\//g, ".");
  return { code: "VALIDATION", message: field ? `Données invalides : ${field}.` : DEFAULT_ERROR_MESSAGES.VALIDATION };
}

/** Maps every failure to the one error envelope; unknown errors become a logged 500. */
export const errorsPlugin = (deps: AppDeps) =>
  new Elysia({ name: "errors", seed: deps.instanceId }).onError({ as: "global" }, ({ error, code, set, request, path }) => {
    const requestId = String(set.headers["x-request-id"] ?? "");
    const extra = { "x-request-id": requestId } as Record<string, string>;
    // A refusal of the body plugin reaches here wrapped in Elysia's parse error.
    const failure = error instanceof AppError ? error : code === "PARSE" && error.cause instanceof AppError ? error.cause : null;
    if (failure) {
      const answer = envelope(failure.status, failure.code, failure.message, undefined, { ...extra, ...failure.headers }, path);
      // Refused before its body was read: answer, then drop a bounded rest before closing.
      return failure.headers.Connection === CLOSE.Connection ? closeGracefully(request, answer) : answer;
    }
    if (isConnectionLost(error)) {
      // PostgreSQL restarting or failing over (also under the parse error of a body whose
      // session check reached it): what could be run again was (db/pg-retry.ts); the caller
      // tries again in a moment (a write whose outcome was unknown: with its Idempotency-Key).
      deps.log("warn", "database unavailable", {
        requestId,
        method: request.method,
        path,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      return envelope(
        503,
        "DATABASE_UNAVAILABLE",
        DEFAULT_ERROR_MESSAGES.DATABASE_UNAVAILABLE,
        requestId,
        { ...extra, "Retry-After": "2" },
        path,
      );
    }
    if (code === "VALIDATION" && error instanceof ValidationError && error.type === "response") {
      // An answer outside its declared schema is a server bug, never the caller's fault.
      deps.log("error", "response outside its schema", { requestId, method: request.method, path, error: error.message.slice(0, 2000) });
      return envelope(500, "INTERNAL", DEFAULT_ERROR_MESSAGES.INTERNAL, requestId, extra, path);
    }
    if (code === "VALIDATION" && error instanceof ValidationError) {
      const { code: failureCode, message } = validationFailure(error);
      return envelope(400, failureCode, message, undefined, extra, path);
    }
    if (code === "PARSE") return envelope(400, "BAD_REQUEST", "Corps de requête illisible.", undefined, extra, path);
    if (code === "NOT_FOUND") return envelope(404, "NOT_FOUND", routeNotFound(request.method, path).message, undefined, extra, path);
    if (code === "INVALID_COOKIE_SIGNATURE")
      return envelope(400, "BAD_REQUEST", DEFAULT_ERROR_MESSAGES.BAD_REQUEST, undefined, extra, path);
    const status = (error as { status?: number }).status;
    if (status === 413) return envelope(413, "PAYLOAD_TOO_LARGE", DEFAULT_ERROR_MESSAGES.PAYLOAD_TOO_LARGE, undefined, extra, path);
    if (isDiskFull(error)) {
      // The transaction rolled back and the upload helpers removed their files: nothing was
      // saved, and the caller may retry once space is freed. Health measures again at once.
      diskOf(deps).forget();
      deps.log("warn", "write refused: disk full", {
        requestId,
        method: request.method,
        path,
        error: error instanceof Error ? error.message : String(error),
      });
      return envelope(507, "DISK_FULL", DEFAULT_ERROR_MESSAGES.DISK_FULL, requestId, extra, path);
    }
    deps.log("error", "unhandled error", {
      requestId,
      method: request.method,
      path,
      error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error),
    });
    return envelope(500, "INTERNAL", DEFAULT_ERROR_MESSAGES.INTERNAL, requestId, extra, path);
  });
