import { and, eq, lt } from "drizzle-orm";
import type { AppDeps } from "../deps";
import { idempotencyKeys } from "../db/schema";
import { badRequest } from "./errors";
import type { Tx } from "../db/types";
import { first } from "../db/engine";

const KEY_PATTERN = /^[\w.:-]{1,200}$/;
/** How long a stored answer is kept: a client retries within seconds, not days. */
const KEY_TTL_MS = 24 * 3600_000;

/**
 * Runs `action` in one transaction. With an Idempotency-Key, the first successful answer
 * is stored with the action's writes, and a retry with the same key, user and route gets
 * that answer back without acting again. A refused action stores nothing (it changed
 * nothing), so a retry is judged afresh.
 */
export function withIdempotency<T>(
  deps: AppDeps,
  scope: { userId: string; route: string; key: string | null | undefined },
  action: (tx: Tx) => T | Promise<T>,
): Promise<T> {
  const key = scope.key?.trim() || null;
  if (key !== null && !KEY_PATTERN.test(key)) throw badRequest("En-tête Idempotency-Key invalide.");
  return deps.db.transaction(async (tx) => {
    if (key !== null) {
      const stored = await first(
        tx
          .select({ response: idempotencyKeys.response })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.route, scope.route), eq(idempotencyKeys.key, key))),
      );
      if (stored) return stored.response as T;
    }
    const result = await action(tx);
    if (key !== null) {
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, scope.userId), lt(idempotencyKeys.createdAt, deps.now() - KEY_TTL_MS)));
      await tx.insert(idempotencyKeys).values({ userId: scope.userId, route: scope.route, key, response: result, createdAt: deps.now() });
    }
    return result;
  });
}
