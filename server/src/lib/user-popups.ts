import { sql } from "drizzle-orm";
import { popups } from "../db/schema";
import { newId } from "./ids";
import type { DbOrTx } from "../db/types";
import { first } from "../db/engine";

/**
 * Queues one personal pop-up per user on `tx` (HTML already safe: built by the server with
 * escaped values). Pop-ups are ordered by seq: one read of the highest, then consecutive numbers.
 */
export async function queueUserPopups(
  tx: DbOrTx,
  entries: { userId: string; html: string }[],
  createdBy: string | null,
  at: number,
): Promise<number> {
  if (entries.length === 0) return 0;
  let seq = (await first(tx.select({ max: sql<number>`COALESCE(MAX(${popups.seq}), 0)`.mapWith(Number) }).from(popups)))?.max ?? 0;
  for (const entry of entries) {
    seq += 1;
    await tx.insert(popups).values({ id: newId(), html: entry.html, target: "user", userId: entry.userId, createdBy, createdAt: at, seq });
  }
  return entries.length;
}
