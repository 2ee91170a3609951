import { Elysia } from "elysia";
import type { Role } from "@planify/common/constants/roles";
import type { AppDeps } from "../deps";
import { AppError, unauthorized } from "../lib/errors";
import { requestsHeld } from "../lib/request-hold";
import { bearerToken, sessionIdOf, userFromAuthorization } from "../features/auth/tokens";
import type { UserRow } from "../db/types";
import { userFromSessionCookie } from "../features/auth/session-cookie";

// One session look-up per request: the body guard checks it before reading the body and
// the route guard reuses the answer instead of verifying the token and reading the row twice.
const sessions = new WeakMap<Request, Promise<UserRow | null>>();

/** The user of this request's session, or null (looked up once per request). */
export function sessionUser(deps: AppDeps, request: Request): Promise<UserRow | null> {
  let found = sessions.get(request);
  if (!found) {
    const authorization = request.headers.get("authorization");
    // A change every signed-in request waits for (lib/request-hold.ts): the session is checked after it.
    const hold = requestsHeld(deps);
    found = hold === undefined ? userFromAuthorization(deps, authorization) : hold.then(() => userFromAuthorization(deps, authorization));
    sessions.set(request, found);
  }
  return found;
}

/** The user a bearer header stands for right now, read afresh (an open live stream checks its session again, lib/live). */
export const userOfAuthorization = (deps: AppDeps, authorization: string | null): Promise<UserRow | null> =>
  userFromAuthorization(deps, authorization);

/** The session id this request's bearer token carries (« Mes appareils »: « Cet appareil »), null for a token from before sessions. */
export const requestSessionId = (deps: AppDeps, request: Request): Promise<string | null> =>
  sessionIdOf(deps, bearerToken(request.headers.get("authorization")));

/** The only route an account that must choose its password may call (see features/auth). */
export const FIRST_PASSWORD_PATH = "/api/users/me/password";

/** Refuses everything but choosing a password to an imported account that has not chosen one. */
function assertPasswordChosen(user: UserRow, request: Request, headers?: Record<string, string>): void {
  if (user.mustChangePassword && new URL(request.url).pathname !== FIRST_PASSWORD_PATH)
    throw new AppError("PASSWORD_CHANGE_REQUIRED", undefined, headers);
}

/** MYDATA's data export: the one thing a deactivated graduate may still do (besides signing out). */
export const DATA_EXPORT_PATH = "/api/privacy/me/export";

/** Whether a deactivated account may make this call: its data export, signing out, reading its own session. */
function allowedWhileDeactivated(user: UserRow, request: Request): boolean {
  const path = new URL(request.url).pathname;
  if (path.startsWith("/api/auth/")) return true;
  if (request.method === "DELETE") return path === "/api/users/session";
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return path === DATA_EXPORT_PATH || path === "/api/users/me" || path === `/api/users/${user.id}`;
}

/** Refuses everything but the allowed calls to a deactivated account (a graduate after the rollover). */
function assertActive(user: UserRow, request: Request, headers?: Record<string, string>): void {
  if (user.deactivatedAt && !allowedWhileDeactivated(user, request)) throw new AppError("COMPTE_DESACTIVE", undefined, headers);
}

/** Who a route admits: any session, some roles, or some roles with the French reason given to the others. */
export type AuthRule = true | readonly Role[] | { roles: readonly Role[]; refusal: string };

/** Refuses a user whose role the rule does not admit (403, with the rule's reason when it has one). */
function assertRole(rule: AuthRule, user: UserRow, headers?: Record<string, string>): void {
  if (rule === true) return;
  const { roles, refusal } = "roles" in rule ? rule : { roles: rule, refusal: undefined };
  if (!roles.includes(user.role)) throw new AppError("FORBIDDEN", refusal, headers);
}

/** What a route declares about its callers, kept on the route (`detail`) for tests and tooling. */
export const AUTH_DETAIL_KEY = "x-planify-auth";

/** The roles a rule admits ("session": any signed-in user), as listed on the route. */
function admittedRoles(rule: AuthRule): readonly Role[] | "session" {
  return rule === true ? "session" : "roles" in rule ? rule.roles : rule;
}

/** The route's `detail` entry naming whom it admits (typed as nothing OpenAPI knows, which keeps the macro's types). */
function authDetail(rule: AuthRule): object {
  const refusal = typeof rule === "object" && "refusal" in rule ? { [AUTH_REFUSAL_KEY]: rule.refusal } : {};
  return { [AUTH_DETAIL_KEY]: admittedRoles(rule), ...refusal };
}

/** The French refusal of a rule that has its own, beside its roles on the route (not listed in OpenAPI). */
const AUTH_REFUSAL_KEY = "x-planify-refusal";
// Each guarded route's rule by method and path, rebuilt from the routes' details once the
// app is assembled, so the body plugin can apply it before reading a body (`guardBeforeBody`).
const bodyGuards = new Map<string, AuthRule>();

/** Notes each guarded route's rule by method and path, once the app is assembled (createApp). */
export function registerGuards(routes: readonly { method: string; path: string; hooks?: unknown }[]): void {
  for (const route of routes) {
    const detail = (route.hooks as { detail?: Record<string, unknown> } | undefined)?.detail;
    const admits = detail?.[AUTH_DETAIL_KEY] as readonly Role[] | "session" | undefined;
    if (admits === undefined) continue;
    const refusal = detail?.[AUTH_REFUSAL_KEY];
    const rule: AuthRule = admits === "session" ? true : typeof refusal === "string" ? { roles: admits, refusal } : admits;
    bodyGuards.set(`${route.method} ${route.path}`, rule);
  }
}

/**
 * Called by the body plugin before it judges or reads a body: on a guarded route, no session
 * is a 401 and a wrong role or an unchosen password a 403, whatever the body is (unreadable
 * JSON, wrong type, too large). `headers` close the connection when a body is left unread.
 */
export async function guardBeforeBody(deps: AppDeps, request: Request, route: string, headers: Record<string, string>): Promise<boolean> {
  const rule = bodyGuards.get(`${request.method} ${route}`);
  if (rule === undefined) return false;
  const user = await sessionUser(deps, request);
  if (!user) throw new AppError("UNAUTHORIZED", undefined, headers);
  assertPasswordChosen(user, request, headers);
  assertActive(user, request, headers);
  assertRole(rule, user, headers);
  return true;
}

// The user each guard admitted, handed to the route's `resolve` without a second look-up.
const admitted = new WeakMap<Request, UserRow>();

/**
 * The guard runs in `transform`, before Elysia validates params, query and body: a caller
 * without a session gets 401 and a wrong role 403 whatever they sent, never a 400 that
 * would describe a body they may not send at all. `resolve` then hands the route its user.
 */
function admit(rule: AuthRule, user: UserRow | null, request: Request): void {
  if (!user) throw unauthorized();
  assertPasswordChosen(user, request);
  assertActive(user, request);
  assertRole(rule, user);
  admitted.set(request, user);
}

/** The user `admit` let through for this request. */
const admittedUser = ({ request }: { request: Request }) => ({ user: admitted.get(request)! });

/**
 * Route guard. `{ auth: true }` requires a valid session; `{ auth: ["admin"] }` also
 * requires one of the roles; `{ auth: { roles, refusal } }` says why to the others.
 * The handler then receives `user`, the freshly read row.
 * `{ media: true }` (or roles) is the same guard for GET routes that serve a file: there the
 * session cookie is accepted too, so that a plain link downloads in a logged-in browser.
 * Nothing else reads the cookie, and a media guard on any other method refuses it.
 */
export const authPlugin = (deps: AppDeps) =>
  new Elysia({ name: "auth", seed: deps.instanceId }).macro({
    auth: (rule: AuthRule) => ({
      detail: authDetail(rule),
      // Each hook names only what it reads: Elysia parses what a hook's parameters name.
      transform: async ({ request }) => admit(rule, await sessionUser(deps, request), request),
      resolve: admittedUser,
    }),
    media: (rule: AuthRule) => ({
      detail: authDetail(rule),
      transform: async ({ cookie, request }) => {
        const byCookie = request.method === "GET" || request.method === "HEAD";
        admit(rule, (await sessionUser(deps, request)) ?? (byCookie ? await userFromSessionCookie(deps, cookie) : null), request);
      },
      resolve: admittedUser,
    }),
  });
