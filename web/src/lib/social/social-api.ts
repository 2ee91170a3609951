import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  FactionLeaderboardResponse,
  LeaderboardResponse,
  LeaderboardSort,
  SeasonHistoryResponse,
} from "@planify/common/schemas/social";
import { useSession } from "../use-session";
import { answerOf, apiClient } from "../api/client";

/** Query keys of the social boards; everything under ["social"] is reloaded by refreshBoards. */
export const SOCIAL_KEYS = {
  all: ["social"] as const,
  leaderboards: ["social", "leaderboard"] as const,
  leaderboard: (sort: LeaderboardSort) => ["social", "leaderboard", sort] as const,
  factions: ["social", "factions"] as const,
  seasons: ["social", "seasons"] as const,
};

/** GET /users/leaderboard?sort=… : the top 100 and the caller's own row. */
export function fetchLeaderboard(sort: LeaderboardSort, signal?: AbortSignal): Promise<LeaderboardResponse> {
  return answerOf(apiClient.GET("/api/users/leaderboard", { params: { query: { sort } }, signal }));
}

/**
 * GET /factions/leaderboard. When the answer says it is stale (leaderboardNeedsRefresh), it is
 * asked once more with a fresh `ts` (past any cache) and the user boards are marked stale too.
 * Only one extra request: a server that keeps the flag up cannot make the page loop.
 */
export async function fetchFactionBoard(client: QueryClient | null, signal?: AbortSignal): Promise<FactionLeaderboardResponse> {
  const first = await answerOf(apiClient.GET("/api/factions/leaderboard", { signal }));
  if (!first.leaderboardNeedsRefresh) return first;
  if (client) void client.invalidateQueries({ queryKey: SOCIAL_KEYS.leaderboards });
  return answerOf(apiClient.GET("/api/factions/leaderboard", { params: { query: { ts: String(Date.now()) } }, signal }));
}

/** GET /factions/seasons: closed seasons, newest first. */
export function fetchSeasons(signal?: AbortSignal): Promise<SeasonHistoryResponse> {
  return answerOf(apiClient.GET("/api/factions/seasons", { signal }));
}

// Boards are read by signed-in users only; a 401 is handled by the api client.
const BOARD_STALE_MS = 30_000;

/** The coins or tasks leaderboard (only while signed in). */
export function useLeaderboard(sort: LeaderboardSort, enabled = true) {
  const token = useSession()?.token;
  return useQuery({
    queryKey: SOCIAL_KEYS.leaderboard(sort),
    queryFn: ({ signal }) => fetchLeaderboard(sort, signal),
    enabled: enabled && !!token,
    staleTime: BOARD_STALE_MS,
    retry: false,
  });
}

/** Both factions: totals, members, the caller's entries, the season. */
export function useFactionBoard(enabled = true) {
  const client = useQueryClient();
  const token = useSession()?.token;
  return useQuery({
    queryKey: SOCIAL_KEYS.factions,
    queryFn: ({ signal }) => fetchFactionBoard(client, signal),
    enabled: enabled && !!token,
    staleTime: BOARD_STALE_MS,
    retry: false,
  });
}

/** The closed seasons (history does not change within a month: kept longer). */
export function useSeasons(enabled = true) {
  const token = useSession()?.token;
  return useQuery({
    queryKey: SOCIAL_KEYS.seasons,
    queryFn: ({ signal }) => fetchSeasons(signal),
    enabled: enabled && !!token,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * Marks every board stale so the visible ones reload: after a faction join, a wheel spin,
 * a season close noticed elsewhere. The season history is left alone.
 */
export function refreshBoards(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: SOCIAL_KEYS.leaderboards }),
    client.invalidateQueries({ queryKey: SOCIAL_KEYS.factions }),
  ]);
}
