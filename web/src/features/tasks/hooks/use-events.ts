import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { fetchEvents, fetchMyEvents } from "../api/events-api";
import type { TaskEvent } from "../api/task-types";

export const eventsKey = (userId: string) => ["events", userId] as const;
export const myEventsKey = (userId: string) => ["events", userId, "mine"] as const;

/** The caller's tasks; a load failure is logged and gives an empty list. */
export function useEvents(userId: string | null) {
  return useQuery({
    queryKey: eventsKey(userId ?? ""),
    enabled: !!userId,
    queryFn: async () => {
      try {
        return await fetchEvents();
      } catch (error) {
        console.error("Chargement des devoirs impossible", error);
        return [] as TaskEvent[];
      }
    },
  });
}

export function useMyEvents(userId: string, enabled: boolean) {
  return useQuery({ queryKey: myEventsKey(userId), enabled, queryFn: fetchMyEvents });
}

/** Patches one task in the cached list (optimistic state changes) and refetches on demand. */
export function useEventsCache(userId: string) {
  const client = useQueryClient();
  const patch = useCallback((id: string, change: Partial<TaskEvent>) => {
    client.setQueryData<TaskEvent[]>(eventsKey(userId), (list) => list?.map((t) => (t.id === id ? { ...t, ...change } : t)));
  }, [client, userId]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ["events", userId] }), [client, userId]);
  return { patch, refresh };
}
