import type { ErrorCode, ErrorEnvelope } from "@planify/common/errors";
import { isNoAnswer, NEEDS_CONNECTION, NEEDS_CONNECTION_EVENT, reportReachable } from "./connectivity";
import { clearSession, getToken } from "./session";
import { FROM_CACHE_HEADER } from "./pwa/service-worker-url";

/** Base of every API call (the server serves the app and the API on one origin). */
export const API_BASE = "/api";

/** Pages that only make sense signed in: a 401 there sends the browser home. */
const PROTECTED_PREFIX = /^\/(admin|dashboard|profil|profile|account|compte)(\/|$)/;

export const NETWORK_ERROR = "Erreur réseau";
/** What an action that needs an account says when nobody is signed in. */
export const NOT_SIGNED_IN = "Non connecté.";
export const SESSION_EXPIRED = "Session expirée";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own French message, when it sent one. */
    readonly serverMessage: string | null,
    /** The server's error code: what happened, to branch on (never on the French text). */
    readonly code: ErrorCode | null = null,
    /** The request field a refusal is about, when the route names it (a form shows the message beside it). */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** True when the request never got an answer (offline, DNS, connection reset). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** A call that could not reach the server because the device is offline: its message says so. */
export class OfflineError extends ApiError {
  constructor() {
    super(0, NEEDS_CONNECTION, null);
    this.name = "OfflineError";
  }
}

/**
 * The error of a call that got no answer: the offline message. It is judged by what happened
 * to the call, not by navigator.onLine, which stays true on a dead or captive Wi-Fi. A user's
 * action (not a GET, not `background`) also fires NEEDS_CONNECTION_EVENT so that every screen
 * says it, whatever its own error text is.
 */
export function networkFailure(method: string, background = false): ApiError {
  reportReachable(false);
  if (method !== "GET" && !background && typeof window !== "undefined") window.dispatchEvent(new Event(NEEDS_CONNECTION_EVENT));
  return new OfflineError();
}

let redirecting = false;

/**
 * Builds the error text every screen shows: "Erreur {status}: {statusText}", then the server message;
 * "Session expirée" for a 401 on a call made with the session's token.
 */
async function toError(res: Response, sessionCall: boolean): Promise<ApiError> {
  let message: string | null = null;
  let code: ErrorCode | null = null;
  let field: string | null = null;
  try {
    // Every error answer of the API is the one envelope of common/errors.
    const body = (await res.json()) as Partial<ErrorEnvelope>;
    if (typeof body.message === "string" && body.message) message = body.message;
    if (typeof body.code === "string") code = body.code;
    const named = (body as { field?: unknown }).field;
    if (typeof named === "string") field = named;
  } catch {
    // Not JSON: the status line is all we have.
  }
  if (res.status === 401 && sessionCall) return new ApiError(401, SESSION_EXPIRED, message, code);
  const base = `Erreur ${res.status}: ${res.statusText}`.trimEnd();
  return new ApiError(res.status, message ? `${base} ${message}` : base, message, code, field);
}

/** Whether a page only makes sense signed in (the session's end leaves it). */
export const isProtectedPath = (pathname: string) => PROTECTED_PREFIX.test(pathname);

/** Handles a 401 from a call made with the session: clear, notify, leave protected pages once. */
export function handleUnauthorized(): void {
  clearSession();
  if (!redirecting && isProtectedPath(window.location.pathname)) {
    redirecting = true;
    window.location.assign("/");
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Login and recovery calls are made without the authorisation header. */
  anonymous?: boolean;
  /**
   * A token to send instead of the session's: the secret-questions setup runs with the token
   * of a login that is not saved yet. A 401 on such a call does not touch the session.
   */
  token?: string;
  headers?: Record<string, string>;
  /** A call the user is not waiting on (the offline queue's replays): no 'needs a connection' notice. */
  background?: boolean;
}

/** Headers every call carries: X-Requested-With and, when logged in, the bearer token. */
export function authHeaders(anonymous = false, explicitToken?: string): Record<string, string> {
  const headers: Record<string, string> = { "X-Requested-With": "XMLHttpRequest" };
  const token = anonymous ? null : (explicitToken ?? getToken());
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** What `send` needs to know about a call beyond its URL and RequestInit. */
export interface SendOptions {
  /** The call carries the session's token: a 401 ends the session. */
  sessionCall: boolean;
  background?: boolean;
  signal?: AbortSignal | null;
}

/**
 * The one transport of every API call (api() and the typed client of ./api/client): offline
 * writes stop before the network, a call with no answer is an OfflineError, an answer from the
 * worker's cache marks the app offline, and any non-2xx becomes an ApiError in French.
 */
export async function send(url: string, init: RequestInit, opts: SendOptions): Promise<Response> {
  const method = init.method ?? "GET";
  // A write cannot wait in a cache: offline, it stops here with a message saying why. A read
  // still goes out (the service worker may answer it from the last copy).
  if (method !== "GET" && typeof navigator !== "undefined" && navigator.onLine === false) throw networkFailure(method, opts.background);
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: "same-origin" });
  } catch (error) {
    if (!isNoAnswer(error, opts.signal?.aborted)) throw error;
    throw networkFailure(method, opts.background);
  }
  reportReachable(!res.headers.has(FROM_CACHE_HEADER));
  if (!res.ok) {
    const error = await toError(res, opts.sessionCall);
    if (res.status === 401 && opts.sessionCall) handleUnauthorized();
    throw error;
  }
  return res;
}

/** Whether a call with these headers runs on the session (not anonymous, no explicit token). */
export const isSessionCall = (headers: Record<string, string>, opts: Pick<RequestOptions, "anonymous" | "token">) =>
  !opts.anonymous && opts.token === undefined && headers.Authorization !== undefined;

/** The untyped client: JSON in and out; throws ApiError with French texts the screens can show as they are. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers = { ...authHeaders(opts.anonymous, opts.token), ...opts.headers };
  let body: RequestInit["body"];
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const method = opts.method ?? (body !== undefined ? "POST" : "GET");
  const res = await send(
    API_BASE + path,
    { method, headers, body, signal: opts.signal },
    { sessionCall: isSessionCall(headers, opts), background: opts.background, signal: opts.signal },
  );
  if (res.status === 204) return null as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("json") ? await res.json() : await res.text()) as T;
}

/** Stops an action that needs an account before any call when nobody is signed in. */
export function requireSession(): void {
  if (!getToken()) throw new ApiError(401, NOT_SIGNED_IN, NOT_SIGNED_IN, "UNAUTHORIZED");
}

/** Whether a failed call was refused with this error code. */
export function hasCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

/** The message to show for a failed call: the server's own text, else `fallback`. */
export function errorText(error: unknown, fallback: string, network = NETWORK_ERROR): string {
  if (error instanceof OfflineError) return error.message;
  if (error instanceof ApiError) {
    if (error.isNetwork) return network;
    return error.serverMessage ?? fallback;
  }
  return fallback;
}
