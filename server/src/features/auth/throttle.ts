import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { authAttempts } from "../../db/schema";
import { tooMany } from "../../lib/errors";

/** Longer than every throttling window. */
const SWEEP_AFTER_MS = 24 * 3_600_000;

export type AttemptKind = "login-user" | "login-ip" | "verify" | "contact";

/** Records one attempt (a failed login, a verify, a contact message); returns its row id. */
export function recordAttempt(deps: AppDeps, kind: AttemptKind, key: string): number {
  const id = deps.db.insert(authAttempts).values({ kind, key, at: deps.now() }).returning({ id: authAttempts.id }).get().id;
  // Keys that never come back (sprayed usernames) are swept now and then.
  if (id % 500 === 0) deps.db.delete(authAttempts).where(lt(authAttempts.at, deps.now() - SWEEP_AFTER_MS)).run();
  return id;
}

/** Withdraws one recorded attempt (a login recorded up front that turned out to succeed). */
export function forgetAttempt(deps: AppDeps, id: number): void {
  deps.db.delete(authAttempts).where(eq(authAttempts.id, id)).run();
}

/**
 * Throws 429 with Retry-After when `key` already has `max` attempts of `kind` within the
 * window. Old rows are pruned on the way so the table stays small.
 */
export function assertUnderLimit(deps: AppDeps, kind: AttemptKind, key: string, max: number, windowMs: number, message: string): void {
  const since = deps.now() - windowMs;
  deps.db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key), lt(authAttempts.at, since))).run();
  const row = deps.db
    .select({ n: count(), oldest: min(authAttempts.at) })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key), gt(authAttempts.at, since)))
    .get();
  if (row && row.n >= max) {
    const retryMs = (row.oldest ?? deps.now()) + windowMs - deps.now();
    throw tooMany(message, retryMs / 1000);
  }
}

/** Forgets the attempts of a key (a successful login clears its username's failures). */
export function clearAttempts(deps: AppDeps, kind: AttemptKind, key: string): void {
  deps.db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key))).run();
}
