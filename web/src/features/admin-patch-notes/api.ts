import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PatchNoteBody, PatchNoteListResponse, PatchNoteSavedResponse } from "@planify/common/schemas/social";
import type { OkMessage } from "@planify/common/schemas/shared";
import { api } from "../../lib/api";

const KEY = ["admin", "patch-notes"] as const;

/** Every note, drafts included (admins); the ts query keeps caches out of the way. */
export function useAdminPatchNotes() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<PatchNoteListResponse>(`/patch-notes?ts=${Date.now()}`, { signal }) });
}

/** Create (no id) or update a note; the About page's lists refresh too. */
export function useSavePatchNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PatchNoteBody }) =>
      api<PatchNoteSavedResponse>(id ? `/patch-notes/${encodeURIComponent(id)}` : "/patch-notes", { method: id ? "PUT" : "POST", body }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ["admin"] }), client.invalidateQueries({ queryKey: ["patch-notes"] })]),
  });
}

export function useDeletePatchNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<OkMessage>(`/patch-notes/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ["admin"] }), client.invalidateQueries({ queryKey: ["patch-notes"] })]),
  });
}
