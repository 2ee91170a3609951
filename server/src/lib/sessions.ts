import { and, desc, eq, gt, isNull, lt, ne } from "drizzle-orm";
import type { AppDeps } from "../deps";
import { sessions } from "../db/schema";
import { cachedRowById } from "./cache";
import type { DbOrTx } from "../db/types";
import { describeUserAgent, truncateIp } from "./session-origin";
import { publishLive } from "./live";

export type SessionRow = typeof sessions.$inferSelect;
export type SignInMethod = SessionRow["method"];

/** Where a sign-in comes from: the request's User-Agent, the client address, password or ENT. */
export interface SessionOrigin {
  userAgent: string | null;
  ip: string;
  method: SignInMethod;
}

/** « last seen » is written at most this often per session: one write per few minutes, not per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Records the new session `id` (the id its token carries) of `userId` until `expiresAt` (ms). */
export async function openSession(deps: AppDeps, id: string, userId: string, origin: SessionOrigin, expiresAt: number): Promise<void> {
  const now = deps.now();
  await deps.db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    device: describeUserAgent(origin.userAgent),
    ip: truncateIp(origin.ip),
    method: origin.method,
  });
}

/** Moves a reused session's expiry to its new token's. */
export async function extendSession(deps: AppDeps, id: string, expiresAt: number): Promise<void> {
  await deps.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/**
 * The session `id` as of the last write (lib/cache: a revocation is a write, so the next
 * request on this node reads the row again and sees it), or null when there is none. Every
 * request after a write reads it again: the look-up is compiled once per database.
 */
function cachedSession(deps: AppDeps, id: string): Promise<SessionRow | null> | SessionRow | null {
  return cachedRowById(deps, "sessions", sessions, id, 20_000);
}

/**
 * True when session `id` of `userId` is still open (not revoked, not purged); notes the
 * request as « last seen » when the last note is older than LAST_SEEN_EVERY_MS.
 */
export async function sessionOpen(deps: AppDeps, id: string, userId: string): Promise<boolean> {
  const row = await cachedSession(deps, id);
  if (!row || row.userId !== userId || row.revokedAt !== null) return false;
  const now = deps.now();
  if (now - row.lastSeenAt >= LAST_SEEN_EVERY_MS && !deps.engine.inTransaction()) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return true;
}

/** The open sessions of a user, most recently seen first. */
export async function listSessions(deps: AppDeps, userId: string): Promise<SessionRow[]> {
  return await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, deps.now())))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Every session row of a user, revoked ones included (the data export). */
export const allSessions = async (deps: AppDeps, userId: string): Promise<SessionRow[]> =>
  await deps.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt));

/** Revokes one open session of `userId`; false when it is not theirs or already closed. */
export async function revokeSession(deps: { db: DbOrTx; now: () => number }, userId: string, id: string): Promise<boolean> {
  const done = await deps.db
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await announceRevoked(deps, done);
  return done.length > 0;
}

/** The apps open on these sessions sign out, and their streams end. */
async function announceRevoked(deps: { db: DbOrTx; now: () => number }, done: { id: string }[]): Promise<void> {
  if (done.length > 0) await publishLive(deps.db, deps.now(), "session-revoked", { sessions: done.map((s) => s.id) });
}

/** Closes session `id` whoever holds it (logout: the id comes from a token this server signed). */
export async function closeSession(deps: AppDeps, id: string): Promise<void> {
  const done = await deps.db
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  // The same session's other tabs sign out too.
  await announceRevoked(deps, done);
}

/** Revokes every open session of `userId` but `keep` (null: all of them); returns how many. */
export async function revokeOtherSessions(deps: { db: DbOrTx; now: () => number }, userId: string, keep: string | null): Promise<number> {
  const mine = and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, deps.now()));
  const done = await deps.db
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(keep ? and(mine, ne(sessions.id, keep)) : mine)
    .returning({ id: sessions.id });
  await announceRevoked(deps, done);
  return done.length;
}

/** Deletes the sessions whose token has expired (the daily job); returns how many. */
export async function purgeExpiredSessions(deps: Pick<AppDeps, "db" | "now">): Promise<number> {
  return (await deps.db.delete(sessions).where(lt(sessions.expiresAt, deps.now())).returning({ id: sessions.id })).length;
}
