import { useQuery } from "@tanstack/react-query";
import type { PatchNote } from "@planify/common/schemas/social";
import { answerOf, apiClient } from "../../../lib/api/client";

export const PATCH_NOTES_KEY = ["patch-notes", "list"] as const;

/** Published notes, newest first. A failed load shows an empty list, as the About page has always done. */
export async function fetchPatchNotes(): Promise<PatchNote[]> {
  try {
    return (await answerOf(apiClient.GET("/api/patch-notes"))).notes;
  } catch {
    return [];
  }
}

export function usePatchNotes() {
  return useQuery({ queryKey: PATCH_NOTES_KEY, queryFn: fetchPatchNotes, refetchOnWindowFocus: true });
}
