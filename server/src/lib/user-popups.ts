import { sql } from "drizzle-orm";
import { popups } from "../db/schema";
import { newId } from "./ids";
import type { DbOrTx } from "../db/types";

/**
 * Queues one personal pop-up per user on `tx` (HTML already safe: built by the server with
 * escaped values). Pop-ups are ordered by seq: one read of the highest, then consecutive numbers.
 */
export function queueUserPopups(tx: DbOrTx, entries: { userId: string; html: string }[], createdBy: string | null, at: number): number {
  if (entries.length === 0) return 0;
  let seq =
    tx
      .select({ max: sql<number>`COALESCE(MAX(${popups.seq}), 0)` })
      .from(popups)
      .get()?.max ?? 0;
  for (const entry of entries) {
    seq += 1;
    tx.insert(popups).values({ id: newId(), html: entry.html, target: "user", userId: entry.userId, createdBy, createdAt: at, seq }).run();
  }
  return entries.length;
}
