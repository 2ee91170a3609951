import { useQuery } from "@tanstack/react-query";
import type { ItemsResponse } from "@planify/common/schemas/items";
import { api } from "../api";

export type { ItemAsset, ItemAssetStyle, ItemVariant, ShopItem } from "@planify/common/schemas/items";

export const ITEMS_KEY = ["items"] as const;

/** GET /items (loaded once per page; failures are silent: the fixed catalogue still draws). */
export function useItems(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ITEMS_KEY,
    queryFn: async () => (await api<ItemsResponse>("/items")).items,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
