import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RolloverBody } from "@planify/common/schemas/rollover";
import { answerOf, apiClient } from "../../../lib/api/client";

/** GET /users-admin: every account (id, username, role, year, group), for picking repeating students. */
export function useAccountSummaries() {
  return useQuery({
    queryKey: ["admin", "summaries"],
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/users-admin", { signal })),
    staleTime: 10_000,
  });
}

/** POST /admin/rollover/preview: the counts of what closing the year would change. */
export const useRolloverPreview = () =>
  useMutation({ mutationFn: (body: RolloverBody) => answerOf(apiClient.POST("/api/admin/rollover/preview", { body })) });

/** POST /admin/rollover: backup, then the changes; refreshes every admin list. */
export function useRolloverRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RolloverBody) => answerOf(apiClient.POST("/api/admin/rollover", { body })),
    onSuccess: () => client.invalidateQueries(),
  });
}
