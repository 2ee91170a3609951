import { SignJWT, jwtVerify } from "jose";
import { TOKEN_TTL_REMEMBER_S, TOKEN_TTL_SESSION_S } from "@planify/common/constants/limits";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { cachedUser } from "./user-cache";
import { memoOf } from "../../lib/cache";
import { sessionOpen } from "../../lib/sessions";

export const TOKEN_ISSUER = "planify";
export const TOKEN_AUDIENCE = "planify-web";

// The HMAC key is imported once per secret: jose would import raw bytes again on each call.
function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  return memoOf<Promise<CryptoKey>>(raw, "hmac-key", { max: 1 }).get("", () =>
    crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
  );
}

/** What a verified token says; kept so that the same token is not verified again on each call. */
interface Claims {
  sub: string;
  tv: number;
  /** The session row (sessions.ts); absent from tokens signed before sessions were recorded. */
  sid?: string;
  /** Expiry in ms. */
  exp: number;
}

/**
 * Claims of a token this key already verified, while it has not expired. A token is
 * immutable, so its signature stays good; what can change (the user, their role, their
 * token version) is read from the user row on every call, never from this cache.
 */
async function verifiedClaims(deps: AppDeps, token: string): Promise<Claims | null> {
  const now = deps.now();
  const known = memoOf<Claims>(deps.jwtKey, "verified-tokens", { max: 20_000 });
  const hit = known.peek(token, now);
  if (hit) return hit;
  const { payload } = await jwtVerify(token, await hmacKey(deps.jwtKey), {
    algorithms: ["HS256"],
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    currentDate: new Date(now),
    requiredClaims: ["sub", "exp"],
  });
  if (typeof payload.sub !== "string" || typeof payload.tv !== "number" || typeof payload.exp !== "number") return null;
  const sid = typeof payload.sid === "string" ? payload.sid : undefined;
  const claims = { sub: payload.sub, tv: payload.tv, exp: payload.exp * 1000, ...(sid ? { sid } : {}) };
  return known.set(token, claims, { from: Number.NEGATIVE_INFINITY, until: claims.exp });
}

/**
 * Signs a session token: HS256 with sub, role, token version, iss, aud, exp, and the session
 * row it belongs to (`sid`; sign-ins always give one, some tests sign tokens without).
 */
export async function signSessionToken(deps: AppDeps, user: UserRow, rememberMe: boolean, sid?: string) {
  const nowS = Math.floor(deps.now() / 1000);
  const exp = nowS + (rememberMe ? TOKEN_TTL_REMEMBER_S : TOKEN_TTL_SESSION_S);
  const token = await new SignJWT({ role: user.role, tv: user.tokenVersion, ...(sid ? { sid } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(nowS)
    .setExpirationTime(exp)
    .sign(await hmacKey(deps.jwtKey));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * Returns the user a bearer token belongs to, as of the last write (user-cache.ts), or null when the
 * token is missing, forged, expired, for another audience, or older than a password change.
 */
export async function userFromAuthorization(deps: AppDeps, header: string | null | undefined): Promise<UserRow | null> {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) return null;
  let claims: Claims | null;
  try {
    claims = await verifiedClaims(deps, match[1]!);
  } catch {
    // Bad signature, expired or garbled token: not signed in (401 upstream).
    return null;
  }
  if (!claims) return null;
  // A database that does not answer is not a signed-out caller: its error goes up (a 503).
  const user = await cachedUser(deps, claims.sub);
  if (!user || user.tokenVersion !== claims.tv) return null;
  // A revoked session ends at once; a token from before sessions were recorded lives until it expires.
  if (claims.sid && !(await sessionOpen(deps, claims.sid, user.id))) return null;
  return user;
}

/** The session id a bearer token (or cookie value) carries, once verified; null without one. */
export async function sessionIdOf(deps: AppDeps, token: string | null | undefined): Promise<string | null> {
  if (!token) return null;
  try {
    return (await verifiedClaims(deps, token))?.sid ?? null;
  } catch {
    // Expired or forged: it names no session.
    return null;
  }
}

/** The bearer token of a request's Authorization header, if any. */
export const bearerToken = (header: string | null | undefined): string | null => header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
