import { useQuery } from "@tanstack/react-query";
import { api } from "../api";

/** Placement of one image of a created item, in percent of the avatar box (spec 2 §3). */
export interface ItemAssetStyle {
  top?: number | string;
  left?: number | string;
  width?: number | string;
  height?: number | string;
  rotate?: number | string;
  zIndex?: number;
  objectFit?: string;
}

export interface ItemAsset {
  src: string;
  style?: ItemAssetStyle;
}

export interface ItemVariant {
  name?: string;
  assets?: ItemAsset[];
  textOnly?: boolean;
  textContent?: string;
}

/** An item of GET /items: the fixed catalogue and the items created by admins. */
export interface ShopItem {
  id: number;
  legacyId?: number | null;
  name: string;
  price?: number | null;
  type?: string;
  displayType?: string;
  isDynamic?: boolean;
  img?: string | null;
  assets?: ItemAsset[];
  variants?: ItemVariant[];
  infoOnly?: boolean;
  infoDescription?: string | null;
  meta?: { creatorUsernames?: string[]; creatorIds?: string[] } | null;
  creatorNames?: string[];
}

export const ITEMS_KEY = ["items"] as const;

/** GET /items (loaded once per page; failures are silent: the fixed catalogue still draws). */
export function useItems() {
  return useQuery({
    queryKey: ITEMS_KEY,
    queryFn: async () => (await api<{ success: boolean; items?: ShopItem[] }>("/items")).items ?? [],
    staleTime: 5 * 60_000,
    retry: false,
  });
}
