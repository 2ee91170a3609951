import { Elysia, type Cookie } from "elysia";
import { OkMessage } from "@planify/common/schemas/shared";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { bearerToken, sessionIdOf, userFromAuthorization } from "./tokens";
import { closeSession } from "../../lib/sessions";
import type { UserRow } from "../../db/types";

/**
 * The session cookie lets a plain `<a href download>` (or an <img>/<audio> source) reach a
 * file in a logged-in browser, where no Authorization header can be added. It carries the
 * same token as the login answer, for the same lifetime, and is read ONLY by GET routes
 * that serve files (the `media` guard): writes and every other read still need the bearer
 * token, so the cookie cannot be used to act on the account. HttpOnly keeps it away from
 * scripts, SameSite=Strict keeps other sites from sending it.
 */
export const SESSION_COOKIE = "planify_session";

type Cookies = Record<string, Cookie<unknown>>;

function secure(deps: AppDeps): boolean {
  return deps.settings.publicUrl?.startsWith("https://") ?? false;
}

/** Sets the session cookie next to a freshly signed token (expiresAt: the token's expiry). */
export function setSessionCookie(deps: AppDeps, cookie: Cookies, token: string, expiresAt: string): void {
  cookie[SESSION_COOKIE]!.set({
    value: token,
    httpOnly: true,
    sameSite: "strict",
    // Files are served under /api and under /uploads: the whole site.
    path: "/",
    maxAge: Math.max(0, Math.floor((Date.parse(expiresAt) - deps.now()) / 1000)),
    secure: secure(deps),
  });
}

/** Clears the session cookie (logout: scripts cannot, it is HttpOnly). */
export function clearSessionCookie(deps: AppDeps, cookie: Cookies): void {
  cookie[SESSION_COOKIE]!.set({ value: "", httpOnly: true, sameSite: "strict", path: "/", maxAge: 0, secure: secure(deps) });
}

/**
 * Logout: closes the session a request names (its bearer token, else its session cookie), so it
 * leaves « Mes appareils » and its token stops working at once, and clears the cookie.
 */
export async function endCookieSession(deps: AppDeps, cookie: Cookies, authorization: string | null = null): Promise<void> {
  const value = cookie[SESSION_COOKIE]?.value;
  const sid = await sessionIdOf(deps, bearerToken(authorization) ?? (typeof value === "string" ? value : null));
  if (sid) await closeSession(deps, sid);
  clearSessionCookie(deps, cookie);
}

/** The user of the session cookie, checked exactly like a bearer token; null without one. */
export async function userFromSessionCookie(deps: AppDeps, cookie: Cookies): Promise<UserRow | null> {
  const value = cookie[SESSION_COOKIE]?.value;
  return typeof value === "string" && value ? userFromAuthorization(deps, `Bearer ${value}`) : null;
}

/**
 * DELETE /users/session: logout on the server side, which clears the cookie (scripts cannot,
 * it is HttpOnly) and closes the session the bearer token (or else the cookie) belongs to,
 * so it leaves « Mes appareils » and its token stops working at once. Needs no session:
 * clearing one's own cookie is always allowed, even after the token expired.
 */
export const sessionCookieRoutes = (deps: AppDeps) =>
  new Elysia({ name: "session-cookie", seed: deps.instanceId }).delete(
    "/users/session",
    async ({ cookie, request }) => {
      await endCookieSession(deps, cookie, request.headers.get("authorization"));
      return { success: true as const, message: "Déconnexion effectuée." };
    },
    { response: replies({ 200: OkMessage }) },
  );
