import { EncryptJWT, jwtDecrypt } from "jose";
import { SSO_STATE_TTL_MS } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import type { Pending } from "./types";

/**
 * The started sign-in (provider, state, nonce, PKCE verifier, next) travels in one cookie,
 * encrypted and authenticated (JWE dir + A256GCM under a key derived from the signing key):
 * no server-side row to clean up, the verifier is never readable, and a changed cookie fails.
 * HttpOnly; SameSite=Lax because the provider sends the browser back with a top-level GET.
 */
export const STATE_COOKIE = "planify_sso_state";
const COOKIE_PATH = "/api/auth/sso";

/** A JWE key of its own per cookie (`purpose`), derived from the signing key. */
export async function stateKey(deps: AppDeps, purpose = "planify-sso-state"): Promise<Uint8Array> {
  const label = new TextEncoder().encode(`${purpose}\0`);
  const bytes = new Uint8Array(label.length + deps.jwtKey.length);
  bytes.set(label);
  bytes.set(deps.jwtKey, label.length);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

export interface StartedSignIn {
  provider: string;
  next: string;
  /** The hash of the browser binding given at start (browser-binding.ts). */
  binding: string;
  pending: Pending;
}

export type CookieJar = Record<string, { value?: unknown; set(options: Record<string, unknown>): unknown; remove(): unknown }>;

export const secure = (deps: AppDeps) => deps.settings.publicUrl?.startsWith("https://") ?? false;

/** Sets the state cookie of a sign-in that starts now. */
export async function writeStateCookie(deps: AppDeps, cookie: CookieJar, started: StartedSignIn): Promise<void> {
  const now = Math.floor(deps.now() / 1000);
  const value = await new EncryptJWT({ ...started })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt(now)
    .setExpirationTime(now + SSO_STATE_TTL_MS / 1000)
    .encrypt(await stateKey(deps));
  cookie[STATE_COOKIE]!.set({
    value,
    httpOnly: true,
    sameSite: "lax",
    path: COOKIE_PATH,
    maxAge: SSO_STATE_TTL_MS / 1000,
    secure: secure(deps),
  });
}

/** The sign-in the cookie holds for `provider` (null when missing, expired, altered or another's); the cookie is spent. */
export async function takeStateCookie(deps: AppDeps, cookie: CookieJar, provider: string): Promise<StartedSignIn | null> {
  const value = cookie[STATE_COOKIE]?.value;
  cookie[STATE_COOKIE]!.set({ value: "", httpOnly: true, sameSite: "lax", path: COOKIE_PATH, maxAge: 0, secure: secure(deps) });
  if (typeof value !== "string" || !value) return null;
  try {
    const { payload } = await jwtDecrypt(value, await stateKey(deps), { currentDate: new Date(deps.now()) });
    const started = payload as unknown as StartedSignIn;
    return started.provider === provider && typeof started.next === "string" && typeof started.binding === "string" && started.pending
      ? started
      : null;
  } catch {
    // An expired, altered or foreign cookie is simply no started sign-in.
    return null;
  }
}
