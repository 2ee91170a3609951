import { useCallback, useMemo, useSyncExternalStore } from "react";
import { sendCheck } from "../api/events-api";
import { flushChecks, pendingStates, readQueue, readSending, subscribeQueue, type FlushResult } from "../offline/check-queue";
import { useEventsCache } from "./use-events";

const NOTHING: PendingMap = new Map();
type PendingMap = Map<string, boolean>;

/** Task id -> state the user chose that the server has not confirmed yet (checks made offline). */
export function usePendingChecks(userId: string | null): PendingMap {
  const entries = useSyncExternalStore(subscribeQueue, readQueue, () => []);
  const sending = useSyncExternalStore(subscribeQueue, readSending, () => null);
  return useMemo(() => (userId ? pendingStates(entries, userId, sending) : NOTHING), [entries, userId, sending]);
}

/**
 * Sends the user's pending checks. Each one the server confirms is written into the cached
 * lists (as a check always was, without fetching them again); only when some were refused is
 * the list fetched again, so that it shows the server's state.
 */
export function useFlushChecks(userId: string | null): () => Promise<FlushResult | null> {
  const { patch, refresh } = useEventsCache(userId ?? "");
  return useCallback(async () => {
    if (!userId) return null;
    const result = await flushChecks(userId, sendCheck);
    // A newer choice still waiting for the same task keeps what the list shows.
    const waiting = pendingStates(readQueue(), userId);
    for (const entry of result.sent) if (!waiting.has(entry.taskId)) patch(entry.taskId, { checked: entry.checked });
    if (result.refused.length) await refresh();
    return result;
  }, [patch, refresh, userId]);
}
