import { useInfiniteQuery } from "@tanstack/react-query";
import type { JournalQuery, JournalResponse } from "@planify/common/schemas/admin";
import { answerOf, apiClient } from "../../../lib/api/client";

/** The journal's filters (every one optional); the cursor `before` is handled by the query. */
export type JournalFilters = Omit<JournalQuery, "before" | "limit">;

/** GET /admin-journal with the filters and, for the next pages, `before`. */
export function fetchJournal(filters: JournalFilters, before?: number, signal?: AbortSignal): Promise<JournalResponse> {
  // Empty filters stay out of the address, as the server reads "" as a filter.
  const query: JournalQuery = {};
  for (const key of Object.keys(filters) as (keyof JournalFilters)[]) if (filters[key]) query[key] = filters[key];
  if (before !== undefined) query.before = String(before);
  return answerOf(apiClient.GET("/api/admin-journal", { params: { query }, signal }));
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
