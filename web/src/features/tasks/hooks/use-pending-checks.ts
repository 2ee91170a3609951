import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { sendCheck } from "../api/events-api";
import { flushChecks, pendingStates, readQueue, subscribeQueue, type FlushResult } from "../offline/check-queue";

const NOTHING: PendingMap = new Map();
type PendingMap = Map<string, boolean>;

/** Task id -> state the user chose that the server has not confirmed yet (checks made offline). */
export function usePendingChecks(userId: string | null): PendingMap {
  const entries = useSyncExternalStore(subscribeQueue, readQueue, () => []);
  return useMemo(() => (userId ? pendingStates(entries, userId) : NOTHING), [entries, userId]);
}

/**
 * Sends the user's pending checks; once some have landed (or been refused), the task lists
 * are fetched again so they show the server's state.
 */
export function useFlushChecks(userId: string | null): () => Promise<FlushResult | null> {
  const client = useQueryClient();
  return useCallback(async () => {
    if (!userId) return null;
    const result = await flushChecks(userId, sendCheck);
    if (result.sent.length || result.refused.length) await client.invalidateQueries({ queryKey: ["events", userId] });
    return result;
  }, [client, userId]);
}
