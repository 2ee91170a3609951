import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FavoritesResponse } from "@planify/common/schemas/favorites";
import { COINS_KEYS } from "../../../lib/economy/coins-api";
import { answerOf, apiClient } from "../../../lib/api/client";

/**
 * Under the inventory's key: the « inventory » live event (sent on every favourites write)
 * refreshes the list in the account's other tabs too.
 */
export const FAVORITES_KEY = [...COINS_KEYS.inventory, "favorites"] as const;

/** GET /coins/favorites: the account's favourite item numbers. */
export function useFavorites() {
  return useQuery({
    queryKey: FAVORITES_KEY,
    queryFn: () => answerOf(apiClient.GET("/api/coins/favorites")),
    retry: false,
  });
}

/** The favourites as a set, empty while unknown (a failed read hides the marks, never the shop). */
export function useFavoriteIds(): ReadonlySet<number> {
  const { data } = useFavorites();
  return new Set(data?.favorites ?? []);
}

/** The list with `itemId` in it (at the end, as the server adds it) or out of it. */
function withItem(old: FavoritesResponse | undefined, itemId: number, favorite: boolean): FavoritesResponse {
  const list = (old?.favorites ?? []).filter((id) => id !== itemId);
  return { success: true, favorites: favorite ? [...list, itemId] : list };
}

/**
 * Adds (POST) or removes (DELETE) one favourite. Optimistic: the heart changes at once and
 * comes back when the call fails; the server's list replaces it on success.
 */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, favorite }: { itemId: number; favorite: boolean }) => {
      const params = { path: { itemId: String(itemId) } };
      return answerOf(
        favorite
          ? apiClient.POST("/api/coins/favorites/{itemId}", { params })
          : apiClient.DELETE("/api/coins/favorites/{itemId}", { params }),
      );
    },
    onMutate: async ({ itemId, favorite }) => {
      await client.cancelQueries({ queryKey: FAVORITES_KEY });
      const was = client.getQueryData<FavoritesResponse>(FAVORITES_KEY)?.favorites.includes(itemId) ?? false;
      client.setQueryData(FAVORITES_KEY, (old?: FavoritesResponse) => withItem(old, itemId, favorite));
      return { was };
    },
    // Only this item goes back: another heart tapped meanwhile keeps its own change.
    onError: (_e, { itemId }, ctx) =>
      client.setQueryData(FAVORITES_KEY, (old?: FavoritesResponse) => withItem(old, itemId, ctx?.was ?? false)),
    onSuccess: (res) => client.setQueryData(FAVORITES_KEY, res),
  });
}
