import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { PUBLIC_NOTE_POLL_MS } from "@planify/common/constants/social";
import { useSession } from "../../../lib/use-session";
import { answerOf, apiClient } from "../../../lib/api/client";
import { useLiveEvent, useLiveFallback } from "../../../lib/live/live-bus";

export const PROFILE_KEYS = {
  all: ["users", "profile"] as const,
  user: (userId: string) => ["users", "profile", userId] as const,
};

/**
 * Anyone's public profile (GET /users/{id}). While it is shown it is read again when the live
 * stream says it changed (every 5 s only while the stream is down) and when the window gets
 * the focus back, so a changed note or music appears by itself.
 */
export function useUserProfile(userId: string | null) {
  const loggedIn = useSession() !== null;
  const client = useQueryClient();
  const fallback = useLiveFallback(PUBLIC_NOTE_POLL_MS);
  useLiveEvent("profile", ({ data }) => {
    if (data.userId) void client.invalidateQueries({ queryKey: PROFILE_KEYS.user(data.userId) });
  });
  return useQuery({
    queryKey: PROFILE_KEYS.user(userId ?? ""),
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/users/{id}", { params: { path: { id: userId ?? "" } }, signal })),
    enabled: loggedIn && !!userId,
    refetchInterval: fallback,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** Short stable tag of a stored file name, so a new upload gets a new URL (the server caches by it). */
function versionTag(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

/** Where the player reads a user's music (served with HTTP Range, so it can seek). */
export function musicUrl(user: { id: string; musicSrc: string | null }): string | null {
  const src = user.musicSrc;
  if (!src) return null;
  if (/^(https?:|blob:|data:|\/api\/)/.test(src)) return src;
  return `/api/users/music/${encodeURIComponent(user.id)}?v=${versionTag(src)}`;
}

/**
 * After one's avatar changed: profiles, and the boards that show avatars (leaderboards,
 * factions), are read again. Their keys belong to other features, so they are matched by name.
 */
export function refreshAvatarViews(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) => q.queryKey.some((k) => typeof k === "string" && /profile|leaderboard|faction/i.test(k)),
  });
}
