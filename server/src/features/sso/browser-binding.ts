import { SSO_STATE_TTL_MS } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import { randomToken, sha256 } from "../../lib/ids";
import { type CookieJar, secure } from "./state-cookie";

// The browser that started an ENT sign-in, and only it, may trade the one-time code for a
// session (no login CSRF: an attacker's code pushed into a victim's browser is refused). At
// start the browser gets a random value in an HttpOnly SameSite=Lax cookie scoped to the ENT
// routes; its SHA-256 travels with the flow (the OIDC/CAS state cookie, the SAML request row
// found again by InResponseTo) and with the code; the exchange requires the cookie and the hash.

export const BINDING_COOKIE = "planify_sso_browser";
const COOKIE_PATH = "/api/auth/sso";

const options = (deps: AppDeps, maxAge: number) => ({ httpOnly: true, sameSite: "lax", path: COOKIE_PATH, maxAge, secure: secure(deps) });

/** Gives this browser a new binding (cookie) and returns its hash, to keep with the flow. */
export function bindBrowser(deps: AppDeps, cookie: CookieJar): string {
  const value = randomToken(32);
  // The sign-in may take SSO_STATE_TTL_MS at the provider, then the code waits a minute.
  cookie[BINDING_COOKIE]!.set({ value, ...options(deps, SSO_STATE_TTL_MS / 1000 + 120) });
  return sha256(value);
}

/** The hash of this browser's binding, or null when it holds none. */
export function browserBinding(cookie: CookieJar): string | null {
  const value = cookie[BINDING_COOKIE]?.value;
  return typeof value === "string" && value.length >= 16 && value.length <= 128 ? sha256(value) : null;
}

/** Spends the binding (after a successful exchange). */
export const clearBrowserBinding = (deps: AppDeps, cookie: CookieJar) => cookie[BINDING_COOKIE]!.set({ value: "", ...options(deps, 0) });
