import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requireSession } from "../../../lib/api";
import { answerOf, apiClient } from "../../../lib/api/client";
import { routeOf } from "../../../lib/api/routes";
import { downloadAndSave, type ProgressListener } from "../../../lib/transfer";

const SESSIONS_KEY = ["privacy", "sessions"] as const;

/** « Mes appareils »: the account's open sessions, the caller's marked `current`. */
export function useMySessions(enabled: boolean) {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/privacy/me/sessions", { signal })),
    enabled,
    retry: false,
  });
}

/** Signs one device out (its next call is refused at once). */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      requireSession();
      return answerOf(apiClient.DELETE("/api/privacy/me/sessions/{id}", { params: { path: { id } } }));
    },
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** Signs every other device out. */
export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      requireSession();
      return answerOf(apiClient.DELETE("/api/privacy/me/sessions"));
    },
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** Downloads the account's ZIP with progress; resolves to the saved name ("" when cancelled in Planify Desktop). */
export function downloadMyData(onProgress?: ProgressListener): Promise<string> {
  return downloadAndSave(routeOf("/api/privacy/me/export"), onProgress, { fallbackName: "planify-mes-donnees.zip", sanitise: true });
}
