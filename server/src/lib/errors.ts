import { DEFAULT_ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from "@planify/common/errors";

/** A failure the user should read: carries a French message, a code and its HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = DEFAULT_ERROR_MESSAGES[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
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
