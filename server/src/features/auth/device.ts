import { SignJWT, jwtVerify } from "jose";
import type { AppDeps } from "../../deps";
import { newId } from "../../lib/ids";
import { TOKEN_ISSUER } from "./tokens";

/**
 * The "known device" cookie (OWASP's device-cookie pattern): a successful login marks the
 * browser as known for that account, and guesses sent with it are limited per device,
 * so a stranger's failures elsewhere never lock the owner out. One cookie per browser
 * holds the device id and the accounts that logged in with it (a shared classroom
 * computer holds several), signed with the session secret under its own audience so it
 * can never pass for a session token, nor a session token for it.
 */
export const DEVICE_COOKIE = "planify_device";
const DEVICE_AUDIENCE = "planify-device";
const DEVICE_TTL_S = 365 * 24 * 3600;
/** Accounts kept per cookie, most recent first: the cookie stays well under 4 KB. */
const DEVICE_MAX_ACCOUNTS = 20;

export interface KnownDevice {
  /** Random id of this browser; the per-device throttling key. */
  id: string;
  /** Ids of the accounts that logged in from it. */
  userIds: string[];
}

/** The device a cookie value names, or null when it is missing, forged or expired. */
export async function readDevice(deps: AppDeps, value: unknown): Promise<KnownDevice | null> {
  if (typeof value !== "string" || !value || value.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(value, deps.jwtKey, {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: DEVICE_AUDIENCE,
      currentDate: new Date(deps.now()),
      requiredClaims: ["exp"],
    });
    const { did, uids } = payload as { did?: unknown; uids?: unknown };
    if (typeof did !== "string" || !Array.isArray(uids) || !uids.every((u) => typeof u === "string")) return null;
    return { id: did, userIds: uids as string[] };
  } catch {
    // Garbled or forged device cookie: treated as a new device.
    return null;
  }
}

/** True when `device` is a known device of this account. */
export const knownFor = (device: KnownDevice | null, userId: string | undefined): device is KnownDevice =>
  !!device && !!userId && device.userIds.includes(userId);

/** The cookie value after `userId` logged in from `device` (a new device id when none). */
export async function deviceCookieValue(deps: AppDeps, device: KnownDevice | null, userId: string): Promise<string> {
  const userIds = [userId, ...(device?.userIds ?? []).filter((id) => id !== userId)].slice(0, DEVICE_MAX_ACCOUNTS);
  const nowS = Math.floor(deps.now() / 1000);
  return new SignJWT({ did: device?.id ?? newId(), uids: userIds })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(DEVICE_AUDIENCE)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + DEVICE_TTL_S)
    .sign(deps.jwtKey);
}

/** Cookie attributes: HttpOnly, SameSite=Strict, sent only to the login and recovery calls. */
export const deviceCookieOptions = (deps: AppDeps) => ({
  httpOnly: true,
  sameSite: "strict" as const,
  path: "/api/users",
  maxAge: DEVICE_TTL_S,
  secure: deps.settings.publicUrl?.startsWith("https://") ?? false,
});
