import { and, count, eq, gt, inArray, lt, min } from "drizzle-orm";
import type { DbOrTx } from "../db/types";

/** What the throttle needs: the database (or the caller's transaction) and the clock. */
export interface ThrottleDeps {
  db: DbOrTx;
  now: () => number;
}
import { authAttempts } from "../db/schema";
import { first } from "../db/engine";
import { tooMany } from "./errors";

/** Longer than every throttling window. */
const SWEEP_AFTER_MS = 24 * 3_600_000;

/**
 * What an attempt row counts; the key says whose. `login-user`, `login-pair` (username and
 * address), `login-ip` and `login-device` (device and account) count failed logins; the
 * `verify-*` kinds count recovery answers; `questions-ip` and `contact` count requests; `email-confirm` counts confirmation mails per account; `data-export` the data exports per account.
 */
export type AttemptKind =
  | "login-user"
  | "login-pair"
  | "login-ip"
  | "login-device"
  | "verify-user"
  | "verify-pair"
  | "verify-device"
  | "questions-ip"
  | "contact"
  | "email-confirm"
  | "data-export";

/** At most `max` attempts of `kind` for `key` within `windowMs`. */
export interface Limit {
  kind: AttemptKind;
  key: string;
  max: number;
  windowMs: number;
}

/** Records one attempt (a failed login, a verify, a contact message); returns its row id. */
export async function recordAttempt(deps: ThrottleDeps, kind: AttemptKind, key: string): Promise<number> {
  const id = (await first(deps.db.insert(authAttempts).values({ kind, key, at: deps.now() }).returning({ id: authAttempts.id })))!.id;
  // Keys that never come back (sprayed usernames) are swept now and then.
  if (id % 500 === 0) await deps.db.delete(authAttempts).where(lt(authAttempts.at, deps.now() - SWEEP_AFTER_MS));
  return id;
}

/** Records one attempt under every limit; returns the row ids (to withdraw on success). */
export async function recordAttempts(deps: ThrottleDeps, limits: Limit[]): Promise<number[]> {
  const ids: number[] = [];
  for (const limit of limits) ids.push(await recordAttempt(deps, limit.kind, limit.key));
  return ids;
}

/** Withdraws recorded attempts (a login recorded up front that turned out to succeed). */
export async function forgetAttempts(deps: ThrottleDeps, ids: number[]): Promise<void> {
  if (ids.length > 0) await deps.db.delete(authAttempts).where(inArray(authAttempts.id, ids));
}

/**
 * Milliseconds until `limit` lets one more attempt through (0 when it already does). Old
 * rows of the key are pruned on the way so the table stays small.
 */
export async function retryAfterMs(deps: ThrottleDeps, limit: Limit): Promise<number> {
  const since = deps.now() - limit.windowMs;
  const byKey = and(eq(authAttempts.kind, limit.kind), eq(authAttempts.key, limit.key));
  await deps.db.delete(authAttempts).where(and(byKey, lt(authAttempts.at, since)));
  const row = await first(
    deps.db
      .select({ n: count(), oldest: min(authAttempts.at) })
      .from(authAttempts)
      .where(and(byKey, gt(authAttempts.at, since))),
  );
  if (!row || row.n < limit.max) return 0;
  return Math.max(1000, Number(row.oldest ?? deps.now()) + limit.windowMs - deps.now());
}

/** "12 minutes" (rounded up; hours past the hour). */
export function waitText(retryMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  if (minutes <= 60) return `${minutes} minute${minutes > 1 ? "s" : ""}`;
  return `${Math.ceil(minutes / 60)} heures`;
}

/** "Réessayez dans 12 minutes." */
export const retryText = (retryMs: number): string => `Réessayez dans ${waitText(retryMs)}.`;

/**
 * Throws 429 with Retry-After when any limit is reached; the wait is the longest of them
 * and the French message says it: `${what} Réessayez dans N minutes.`
 */
export async function assertUnderLimits(deps: ThrottleDeps, limits: Limit[], what: string): Promise<void> {
  let retryMs = 0;
  for (const limit of limits) retryMs = Math.max(retryMs, await retryAfterMs(deps, limit));
  if (retryMs > 0) throw tooMany(`${what} ${retryText(retryMs)}`, retryMs / 1000);
}

/** Throws 429 with Retry-After and `message` as is when `key` has `max` attempts in the window. */
export async function assertUnderLimit(
  deps: ThrottleDeps,
  kind: AttemptKind,
  key: string,
  max: number,
  windowMs: number,
  message: string,
): Promise<void> {
  const retryMs = await retryAfterMs(deps, { kind, key, max, windowMs });
  if (retryMs > 0) throw tooMany(message, retryMs / 1000);
}

/**
 * Refuses when a limit is reached (429, `${what} Réessayez dans N minutes.`), else records one
 * attempt under each, in one transaction: parallel requests queue behind it (on PostgreSQL,
 * serializable, from whichever node), so no limit ever lets one more through. Returns the
 * recorded rows' ids.
 */
export function takeAttempts(deps: ThrottleDeps, limits: Limit[], what: string): Promise<number[]> {
  return inOneTransaction(deps, limits, (inTx) => assertUnderLimits(inTx, limits, what));
}

/** takeAttempts for one limit whose refusal says `message` as it is. */
export function takeAttempt(deps: ThrottleDeps, limit: Limit, message: string): Promise<number[]> {
  return inOneTransaction(deps, [limit], (inTx) => assertUnderLimit(inTx, limit.kind, limit.key, limit.max, limit.windowMs, message));
}

function inOneTransaction(deps: ThrottleDeps, limits: Limit[], check: (inTx: ThrottleDeps) => Promise<void>): Promise<number[]> {
  return deps.db.transaction(async (tx) => {
    const inTx = { ...deps, db: tx };
    await check(inTx);
    return recordAttempts(inTx, limits);
  });
}

/** Forgets the attempts of a key (a successful reset clears its username's failures). */
export async function clearAttempts(deps: ThrottleDeps, kind: AttemptKind, key: string): Promise<void> {
  await deps.db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key)));
}
