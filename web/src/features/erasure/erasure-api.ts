import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SELF_ERASURE_CONFIRMATION } from "@planify/common/constants/privacy";
import { requireSession } from "../../lib/api";
import { answerOf, apiClient } from "../../lib/api/client";

const ERASURE_KEY = ["privacy", "erasure"] as const;

/** Whether the school allows self-service erasure, and the caller's pending request. */
export function useErasureStatus(enabled: boolean) {
  return useQuery({
    queryKey: ERASURE_KEY,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/privacy/me/erasure", { signal })),
    enabled,
    retry: false,
  });
}

/** « Supprimer mon compte »: erased at once (self-service) or a request for an admin. */
export function useRequestErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      requireSession();
      return answerOf(apiClient.POST("/api/privacy/me/erasure", { body: { confirmation: SELF_ERASURE_CONFIRMATION } }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ERASURE_KEY }),
  });
}

export function useCancelErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(apiClient.DELETE("/api/privacy/me/erasure")),
    onSuccess: () => client.invalidateQueries({ queryKey: ERASURE_KEY }),
  });
}
