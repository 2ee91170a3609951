import { SignJWT, jwtVerify } from "jose";
import { eq } from "drizzle-orm";
import { TOKEN_TTL_REMEMBER_S, TOKEN_TTL_SESSION_S } from "@planify/common/constants/limits";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";

export const TOKEN_ISSUER = "planify";
export const TOKEN_AUDIENCE = "planify-web";

export type UserRow = typeof users.$inferSelect;

/** Signs a session token: HS256 with sub, role, token version, iss, aud, exp. */
export async function signSessionToken(deps: AppDeps, user: UserRow, rememberMe: boolean) {
  const nowS = Math.floor(deps.now() / 1000);
  const exp = nowS + (rememberMe ? TOKEN_TTL_REMEMBER_S : TOKEN_TTL_SESSION_S);
  const token = await new SignJWT({ role: user.role, tv: user.tokenVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(nowS)
    .setExpirationTime(exp)
    .sign(deps.jwtKey);
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * Returns the user a bearer token belongs to, re-read from the database, or null when the
 * token is missing, forged, expired, for another audience, or older than a password change.
 */
export async function userFromAuthorization(deps: AppDeps, header: string | null | undefined): Promise<UserRow | null> {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) return null;
  try {
    const { payload } = await jwtVerify(match[1]!, deps.jwtKey, {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: new Date(deps.now()),
      requiredClaims: ["sub", "exp"],
    });
    if (typeof payload.sub !== "string" || typeof payload.tv !== "number") return null;
    const user = deps.db.select().from(users).where(eq(users.id, payload.sub)).get();
    if (!user || user.tokenVersion !== payload.tv) return null;
    return user;
  } catch {
    return null;
  }
}
