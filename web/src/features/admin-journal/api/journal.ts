import { useInfiniteQuery } from "@tanstack/react-query";
import type { JournalQuery, JournalResponse } from "@planify/common/schemas/admin";
import { api } from "../../../lib/api";

/** The journal's filters (every one optional); the cursor `before` is handled by the query. */
export type JournalFilters = Omit<JournalQuery, "before" | "limit">;

/** GET /admin-journal with the filters and, for the next pages, `before`. */
export function fetchJournal(filters: JournalFilters, before?: number, signal?: AbortSignal): Promise<JournalResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (before !== undefined) params.set("before", String(before));
  const qs = params.toString();
  return api<JournalResponse>(`/admin-journal${qs ? `?${qs}` : ""}`, { signal });
}

/** Pages of the journal, newest first; 'Plus d'entrées' asks for the entries older than the last page. */
export function useJournal(filters: JournalFilters) {
  return useInfiniteQuery({
    queryKey: ["admin", "journal", filters],
    queryFn: ({ pageParam, signal }) => fetchJournal(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    retry: false,
  });
}
