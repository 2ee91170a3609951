import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PatchNote } from "@planify/common/schemas/social";
import { answerOf, apiClient } from "../../../lib/api/client";
import { useLiveEvent } from "../../../lib/live/live-bus";

export const PATCH_NOTES_KEY = ["patch-notes", "list"] as const;

/** Published notes, newest first. A failed load is the query's error (the section offers « Réessayer »), not an empty list. */
export async function fetchPatchNotes(): Promise<PatchNote[]> {
  return (await answerOf(apiClient.GET("/api/patch-notes"))).notes;
}

export function usePatchNotes() {
  const client = useQueryClient();
  // A note published, changed or removed while the page is open shows at once (live updates).
  useLiveEvent("patch-note", () => void client.invalidateQueries({ queryKey: PATCH_NOTES_KEY }));
  return useQuery({ queryKey: PATCH_NOTES_KEY, queryFn: fetchPatchNotes, refetchOnWindowFocus: true });
}
