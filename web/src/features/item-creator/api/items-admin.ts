import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BorderColorInput,
  BorderColorSavedResponse,
  ItemDeletedResponse,
  ItemInput,
  ItemSavedResponse,
  ItemUploadResponse,
} from "@planify/common/schemas/item-creator";
import type { BorderColorsResponse, ItemsResponse } from "@planify/common/schemas/items";
import type { OkMessage } from "@planify/common/schemas/shared";
import { api } from "../../../lib/api";
import { COINS_KEYS } from "../../../lib/economy/coins-api";
import { ITEMS_KEY } from "../../../lib/economy/items-api";

/** The shared colour list's key, so that a saved colour shows in every picker. */
const BORDER_COLORS_KEY = COINS_KEYS.borderColors;

/** GET /items: the fixed catalogue and the created items (the creator lists the created ones). */
export const fetchItems = async (signal?: AbortSignal) => (await api<ItemsResponse>("/items", { signal })).items;
export const createItem = (body: ItemInput) => api<ItemSavedResponse>("/items", { method: "POST", body });
export const updateItem = ({ id, body }: { id: string; body: ItemInput }) =>
  api<ItemSavedResponse>(`/items/${encodeURIComponent(id)}`, { method: "PUT", body });
export const deleteItem = (id: string) => api<ItemDeletedResponse>(`/items/${encodeURIComponent(id)}`, { method: "DELETE" });

/** POST /items/upload (field `files`): the URLs layers take as `src`. */
export async function uploadImages(files: readonly File[]): Promise<string[]> {
  const form = new FormData();
  for (const f of files) form.append("files", f);
  return (await api<ItemUploadResponse>("/items/upload", { method: "POST", body: form })).files.map((f) => f.url);
}

/** POST /coins/weekly-items/test-add and test-remove: puts an item in (or out of) today's shop. */
export const testAdd = (legacyId: number) => api<OkMessage>("/coins/weekly-items/test-add", { method: "POST", body: { legacyId } });
export const testRemove = (legacyId: number) => api<OkMessage>("/coins/weekly-items/test-remove", { method: "POST", body: { legacyId } });

export const fetchBorderColors = async (signal?: AbortSignal) => (await api<BorderColorsResponse>("/border-colors", { signal })).colors;
export const createColor = (body: BorderColorInput) => api<BorderColorSavedResponse>("/border-colors", { method: "POST", body });
export const updateColor = (body: BorderColorInput) =>
  api<BorderColorSavedResponse>(`/border-colors?id=${encodeURIComponent(body.id)}`, { method: "PUT", body });
export const deleteColor = (id: string) => api<OkMessage>(`/border-colors?id=${encodeURIComponent(id)}`, { method: "DELETE" });

export function useAllItems() {
  return useQuery({ queryKey: ITEMS_KEY, queryFn: ({ signal }) => fetchItems(signal), retry: false });
}

export function useBorderColorList() {
  return useQuery({ queryKey: BORDER_COLORS_KEY, queryFn: ({ signal }) => fetchBorderColors(signal), retry: false });
}

/** A catalogue write: the shared item and colour lists (shop, collection, pickers) reload after it. */
export function useCatalogueMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ITEMS_KEY }),
        client.invalidateQueries({ queryKey: BORDER_COLORS_KEY }),
        client.invalidateQueries({ queryKey: COINS_KEYS.weekly }),
      ]);
    },
  });
}
