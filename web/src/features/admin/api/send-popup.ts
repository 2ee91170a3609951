import { useMutation, useQuery } from "@tanstack/react-query";
import type { SendPopupBody } from "@planify/common/schemas/popups";
import { answerOf, apiClient } from "../../../lib/api/client";

/** POST /api/popups/send (admin): shows an announcement to everyone or to one user. */
export function sendPopup(body: SendPopupBody) {
  return answerOf(apiClient.POST("/api/popups/send", { body }));
}

/** The sender's mutation: nothing cached depends on a sent pop-up, so nothing is invalidated. */
export function useSendPopupMutation() {
  return useMutation({ mutationFn: sendPopup });
}

/** GET /api/users-admin: every account (username and role) for the recipient picker. */
export function useUserSummaries(enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "user-summaries"],
    enabled,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/users-admin", { signal })),
    staleTime: 30_000,
  });
}
