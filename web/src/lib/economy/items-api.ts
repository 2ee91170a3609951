import { useQuery } from "@tanstack/react-query";
import { COINS_KEYS } from "./coins-api";
import { answerOf, apiClient } from "../api/client";

export type { ItemAsset, ItemAssetStyle, ItemVariant, ShopItem } from "@planify/common/schemas/items";

export const ITEMS_KEY = ["items"] as const;

/** GET /items (loaded once per page; failures are silent: the fixed catalogue still draws). */
export function useItems(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ITEMS_KEY,
    queryFn: async () => (await answerOf(apiClient.GET("/api/items"))).items,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * GET /border-colors: the fixed colours and those made in the item creator. Loaded only where
 * a colour outside the fixed catalogue must be drawn or picked.
 */
export function useBorderColors(enabled = true) {
  return useQuery({
    enabled,
    queryKey: COINS_KEYS.borderColors,
    queryFn: async () => (await answerOf(apiClient.GET("/api/border-colors"))).colors,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
