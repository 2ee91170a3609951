import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, VERIFY_MAX_ATTEMPTS, VERIFY_WINDOW_MS } from "@planify/common/constants/limits";
import { eq, or, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { authAttempts } from "../../db/schema";
import type { Tx } from "../../db/types";
import { knownFor, type KnownDevice } from "./device";
import type { Limit } from "../../lib/throttle";

/**
 * Who may guess how often. Guessing is stopped without letting anyone
 * lock the innocent out: a known device has its own budget, untouched by strangers;
 * other attempts share a per-account budget, a smaller per (account, address) one, and a
 * per-address ceiling sized for a whole school behind one public address.
 */

/** Failed logins per (account, address) pair in the login window. */
export const LOGIN_PAIR_MAX_FAILURES = 5;
/** Failed logins per known device and account in the login window. */
export const LOGIN_DEVICE_MAX_FAILURES = 10;
/** Default of PLANIFY_LOGIN_IP_MAX: failed logins per address in the login window. */
export const LOGIN_IP_MAX_DEFAULT = 300;
/** Recovery answers per account per hour from unknown devices, all addresses together. */
export const VERIFY_USER_MAX_ATTEMPTS = 10;
/** Question lookups per address: a class recovering at once passes, a scraper does not. */
export const QUESTIONS_MAX_PER_ADDRESS = 60;
export const QUESTIONS_WINDOW_MS = 15 * 60_000;

export const TOO_MANY_LOGINS = "Trop de tentatives de connexion.";
export const TOO_MANY_VERIFY = "Trop de tentatives.";
export const TOO_MANY_QUESTIONS = "Trop de demandes.";

/** The budgets a login attempt counts against (each counts failures only). */
export function loginLimits(
  deps: AppDeps,
  usernameKey: string,
  ip: string,
  device: KnownDevice | null,
  userId: string | undefined,
): Limit[] {
  if (knownFor(device, userId)) {
    return [{ kind: "login-device", key: `${device.id}|${userId}`, max: LOGIN_DEVICE_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS }];
  }
  return [
    { kind: "login-user", key: usernameKey, max: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
    { kind: "login-pair", key: `${usernameKey}|${ip}`, max: LOGIN_PAIR_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
    { kind: "login-ip", key: ip, max: deps.settings.loginIpMax ?? LOGIN_IP_MAX_DEFAULT, windowMs: LOGIN_WINDOW_MS },
  ];
}

/**
 * Forgets every throttling row of one account, whatever its kind: the keys above are the
 * login key or the account id, alone, followed by "|address", or preceded by "device|".
 * Used when the account gets a new password (the owner proved who they are, or IT did).
 */
export async function forgetAccountAttempts(tx: Tx, usernameKey: string, userId: string): Promise<void> {
  const key = authAttempts.key;
  const startsWith = (owner: string) => sql`substr(${key}, 1, ${owner.length + 1}) = ${`${owner}|`}`;
  // The last characters, written the same on SQLite and PostgreSQL (negative starts differ).
  const endsWithAccount = sql`substr(${key}, length(${key}) - ${userId.length}) = ${`|${userId}`}`;
  await tx
    .delete(authAttempts)
    .where(or(eq(key, usernameKey), eq(key, userId), startsWith(usernameKey), startsWith(userId), endsWithAccount));
}

/** The budgets a recovery answer counts against (every attempt counts). */
export function verifyLimits(userId: string, ip: string, device: KnownDevice | null): Limit[] {
  if (knownFor(device, userId)) {
    return [{ kind: "verify-device", key: `${device.id}|${userId}`, max: VERIFY_MAX_ATTEMPTS, windowMs: VERIFY_WINDOW_MS }];
  }
  return [
    { kind: "verify-pair", key: `${userId}|${ip}`, max: VERIFY_MAX_ATTEMPTS, windowMs: VERIFY_WINDOW_MS },
    { kind: "verify-user", key: userId, max: VERIFY_USER_MAX_ATTEMPTS, windowMs: VERIFY_WINDOW_MS },
  ];
}

/** The budget of a question lookup; the account's own known device is not counted. */
export function questionsLimits(ip: string, device: KnownDevice | null, userId: string | undefined): Limit[] {
  if (knownFor(device, userId)) return [];
  return [{ kind: "questions-ip", key: ip, max: QUESTIONS_MAX_PER_ADDRESS, windowMs: QUESTIONS_WINDOW_MS }];
}

/**
 * One log line per failed login, for fail2ban: the address comes first so nothing the
 * client types can put another address in front of it; the username is reduced to
 * harmless characters; the password never appears.
 */
export function logLoginFailure(deps: AppDeps, ip: string, username: string, reason: "identifiants" | "limite"): void {
  const shown = username.replace(/[^\p{L}\p{N}._@-]/gu, "_").slice(0, 64) || "-";
  deps.log("warn", `échec de connexion ip=${ip} utilisateur=${shown} raison=${reason}`);
}
