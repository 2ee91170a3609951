import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PatchNoteBody } from "@planify/common/schemas/social";
import { answerOf, apiClient } from "../../lib/api/client";

const KEY = ["admin", "patch-notes"] as const;

/** Every note, drafts included (admins); the ts query keeps caches out of the way. */
export function useAdminPatchNotes() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/patch-notes", { params: { query: { ts: String(Date.now()) } }, signal })),
  });
}

/** Create (no id) or update a note; the About page's lists refresh too. */
export function useSavePatchNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PatchNoteBody }) =>
      answerOf(
        id ? apiClient.PUT("/api/patch-notes/{id}", { params: { path: { id } }, body }) : apiClient.POST("/api/patch-notes", { body }),
      ),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ["admin"] }), client.invalidateQueries({ queryKey: ["patch-notes"] })]),
  });
}

export function useDeletePatchNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answerOf(apiClient.DELETE("/api/patch-notes/{id}", { params: { path: { id } } })),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ["admin"] }), client.invalidateQueries({ queryKey: ["patch-notes"] })]),
  });
}
