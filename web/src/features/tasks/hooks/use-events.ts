import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { useLiveEvent } from "../../../lib/live/live-bus";
import { fetchEvents, fetchMyEvents, fetchOlderEvents, type EventsPage } from "../api/events-api";
import type { TaskEvent } from "../api/task-types";
import { mySubmissionKey, submissionsKey } from "./use-submissions";

export const eventsKey = (userId: string) => ["events", userId] as const;
export const olderEventsKey = (userId: string) => ["events", userId, "older"] as const;
export const myEventsKey = (userId: string) => ["events", userId, "mine"] as const;

/** The caller's recent tasks (with the cursor of older ones); a failure is the query's error (the screen offers « Réessayer »). */
function useRecentEvents(userId: string | null) {
  return useQuery({
    queryKey: eventsKey(userId ?? ""),
    enabled: !!userId,
    queryFn: () => fetchEvents(),
  });
}

/**
 * Live updates of the homework screens: a task added, changed or removed (or the student's own
 * terms on it) reloads every task list of the cache (recent, older, mine) and their own
 * hand-in on it; a hand-in received reloads that task's hand-ins (the
 * teacher's list, the student's own on their other devices).
 */
function useTasksLiveUpdates() {
  const client = useQueryClient();
  useLiveEvent("tasks", ({ data }) => {
    void client.invalidateQueries({ queryKey: ["events"] });
    // A teacher extended, reopened or returned this student's copy: their open deposit follows.
    if (data.taskId) void client.invalidateQueries({ queryKey: mySubmissionKey(data.taskId) });
  });
  useLiveEvent("submissions", ({ data }) => {
    if (!data.taskId) return;
    void client.invalidateQueries({ queryKey: submissionsKey(data.taskId) });
    // The student's own hand-in on their other devices.
    void client.invalidateQueries({ queryKey: mySubmissionKey(data.taskId) });
  });
}

/**
 * The homework list: the recent window first, then older pages only when asked
 * ('Afficher les tâches plus anciennes'). Pages are merged by id, oldest first, so a task
 * that moved from one answer to another while the screen stayed open shows once.
 */
export function useTaskList(userId: string | null) {
  useTasksLiveUpdates();
  const recent = useRecentEvents(userId);
  const [wanted, setWanted] = useState(false);
  const firstCursor = recent.data?.olderCursor ?? null;
  const older = useInfiniteQuery({
    queryKey: olderEventsKey(userId ?? ""),
    enabled: !!userId && wanted && firstCursor !== null,
    initialPageParam: firstCursor ?? "",
    queryFn: ({ pageParam, signal }) => fetchOlderEvents(pageParam, signal),
    getNextPageParam: (last) => last.olderCursor ?? undefined,
    retry: false,
  });
  const tasks = useMemo(() => {
    const byId = new Map<string, TaskEvent>();
    for (const page of [...(older.data?.pages ?? [])].reverse()) for (const t of page.events) byId.set(t.id, t);
    for (const t of recent.data?.events ?? []) byId.set(t.id, t);
    return [...byId.values()];
  }, [older.data, recent.data]);
  // Before the first page, the window's cursor says whether there is anything older; after
  // a failure the button stays to try again.
  const hasMore = firstCursor !== null && (!wanted || older.isPending || older.isError || older.hasNextPage);
  const loadMore = useCallback(() => {
    if (!wanted) setWanted(true);
    else if (older.isError) void older.refetch();
    else if (older.hasNextPage && !older.isFetchingNextPage) void older.fetchNextPage();
  }, [wanted, older]);
  return {
    isLoading: recent.isLoading,
    /** The recent window could not be loaded (and nothing is shown yet): never an empty list. */
    failed: recent.isError && recent.data === undefined,
    error: recent.error,
    retry: recent.refetch,
    retrying: recent.isFetching,
    tasks,
    older: { hasMore, loading: older.isFetching, failed: older.isError, loadMore },
  };
}

export function useMyEvents(userId: string, enabled: boolean) {
  return useQuery({ queryKey: myEventsKey(userId), enabled, queryFn: fetchMyEvents });
}

/** Patches one task in the cached lists (optimistic state changes) and refetches on demand. */
export function useEventsCache(userId: string) {
  const client = useQueryClient();
  const patch = useCallback(
    (id: string, change: Partial<TaskEvent>) => {
      const patchPage = (page: EventsPage): EventsPage => ({
        ...page,
        events: page.events.map((t) => (t.id === id ? { ...t, ...change } : t)),
      });
      client.setQueryData<EventsPage>(eventsKey(userId), (page) => page && patchPage(page));
      client.setQueryData<InfiniteData<EventsPage, string>>(
        olderEventsKey(userId),
        (data) => data && { ...data, pages: data.pages.map(patchPage) },
      );
    },
    [client, userId],
  );
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ["events", userId] }), [client, userId]);
  return { patch, refresh };
}
