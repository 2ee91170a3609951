import { useQuery } from "@tanstack/react-query";
import { answerOf, apiClient } from "../../../lib/api/client";

/** GET /admin/storage (admin): the data folder's disk and what uploads take on it. */
export const fetchStorage = (signal?: AbortSignal) => answerOf(apiClient.GET("/api/admin/storage", { signal }));

/** The storage figures, measured again each time the section opens. */
export function useStorage() {
  return useQuery({ queryKey: ["admin", "storage"], queryFn: ({ signal }) => fetchStorage(signal), retry: false, staleTime: 0 });
}
