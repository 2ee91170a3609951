import { useSyncExternalStore } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PatchNoteLatestMetaResponse } from "@planify/common/schemas/social";
import { answerOf, apiClient } from "./api/client";
import { useLiveEvent, useLiveFallback } from "./live/live-bus";

/** When this browser last opened the patch notes (ms since epoch, as text). */
export const PATCH_NOTES_SEEN_KEY = "planify:patch-notes-seen";
export const LATEST_META_KEY = ["patch-notes", "latest-meta"] as const;
/** The dot also appears without a focus change when a note is published during a long visit (the live stream says so; this poll only while it is down). */
export const LATEST_META_POLL_MS = 5 * 60_000;

type Latest = PatchNoteLatestMetaResponse["latest"];
const listeners = new Set<() => void>();

/** The stored seen time, 0 when never seen (or storage is unavailable). */
export function readPatchNotesSeen(): number {
  try {
    return Number(localStorage.getItem(PATCH_NOTES_SEEN_KEY)) || 0;
  } catch {
    // Storage blocked: never seen, the dot shows (harmless).
    return 0;
  }
}

/**
 * Marks the patch notes as seen up to now, or up to the newest note's time when the server's
 * clock runs ahead of this one. Other tabs learn it from the storage event, this tab directly.
 */
export function markPatchNotesSeen(newestIso?: string | null, now = Date.now()): void {
  const at = Math.max(now, newestIso ? Date.parse(newestIso) || 0 : 0, readPatchNotesSeen());
  try {
    localStorage.setItem(PATCH_NOTES_SEEN_KEY, String(at));
  } catch {
    // Private mode without storage: the dot simply comes back on the next visit.
  }
  for (const listener of listeners) listener();
}

/** The badge rule: the newest note notifies and was published after the seen time. */
export function hasUnseenPatchNote(latest: Latest | undefined, seenAt: number): boolean {
  return !!latest?.notify && Date.parse(latest.createdAt) > seenAt;
}

function subscribe(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => (e.key === PATCH_NOTES_SEEN_KEY || e.key === null) && listener();
  listeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The seen time, re-read when this tab or another one marks the notes seen. */
export function usePatchNotesSeen(): number {
  return useSyncExternalStore(subscribe, readPatchNotesSeen, () => 0);
}

/** Whether the About link carries its dot; a failed look-up shows none. */
export function usePatchNotesDot(): boolean {
  const seenAt = usePatchNotesSeen();
  const client = useQueryClient();
  const fallback = useLiveFallback(LATEST_META_POLL_MS);
  useLiveEvent("patch-note", () => void client.invalidateQueries({ queryKey: LATEST_META_KEY }));
  const { data } = useQuery({
    queryKey: LATEST_META_KEY,
    queryFn: () => answerOf(apiClient.GET("/api/patch-notes/latest-meta")),
    refetchOnWindowFocus: true,
    refetchInterval: fallback,
    retry: false,
  });
  return hasUnseenPatchNote(data?.latest, seenAt);
}
