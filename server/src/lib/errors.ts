import { DEFAULT_ERROR_MESSAGES, type ErrorCode } from "@planify/common/errors";

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** A failure the user should read: carries a French message and an HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = DEFAULT_ERROR_MESSAGES[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = STATUS_BY_CODE[code];
  }
}

export const badRequest = (message?: string) => new AppError("BAD_REQUEST", message);
export const unauthorized = (message?: string) => new AppError("UNAUTHORIZED", message);
export const forbidden = (message?: string) => new AppError("FORBIDDEN", message);
export const notFound = (message?: string) => new AppError("NOT_FOUND", message);
/** No route answers this method and path: a 404 that names them. */
export const routeNotFound = (method: string, path: string) => new AppError("NOT_FOUND", `Route introuvable : ${method} ${path}`);
export const conflict = (message?: string) => new AppError("CONFLICT", message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
