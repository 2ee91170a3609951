import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BorderColorInput, ItemInput } from "@planify/common/schemas/item-creator";
import { COINS_KEYS } from "../../../lib/economy/coins-api";
import { ITEMS_KEY } from "../../../lib/economy/items-api";
import { answerOf, apiClient, formData } from "../../../lib/api/client";

/** The shared colour list's key, so that a saved colour shows in every picker. */
const BORDER_COLORS_KEY = COINS_KEYS.borderColors;

/** GET /items: the fixed catalogue and the created items (the creator lists the created ones). */
export const fetchItems = async (signal?: AbortSignal) => (await answerOf(apiClient.GET("/api/items", { signal }))).items;
export const createItem = (body: ItemInput) => answerOf(apiClient.POST("/api/items", { body }));
export const updateItem = ({ id, body }: { id: string; body: ItemInput }) =>
  answerOf(apiClient.PUT("/api/items/{id}", { params: { path: { id } }, body }));
export const deleteItem = (id: string) => answerOf(apiClient.DELETE("/api/items/{id}", { params: { path: { id } } }));

/** POST /items/upload (field `files`): the URLs layers take as `src`. */
export async function uploadImages(files: readonly File[]): Promise<string[]> {
  const res = await answerOf(apiClient.POST("/api/items/upload", { body: { files: [...files] }, bodySerializer: formData }));
  return res.files.map((f) => f.url);
}

/** POST /coins/weekly-items/test-add and test-remove: puts an item in (or out of) today's shop. */
export const testAdd = (legacyId: number) => answerOf(apiClient.POST("/api/coins/weekly-items/test-add", { body: { legacyId } }));
export const testRemove = (legacyId: number) => answerOf(apiClient.POST("/api/coins/weekly-items/test-remove", { body: { legacyId } }));

export const fetchBorderColors = async (signal?: AbortSignal) => (await answerOf(apiClient.GET("/api/border-colors", { signal }))).colors;
export const createColor = (body: BorderColorInput) => answerOf(apiClient.POST("/api/border-colors", { body }));
export const updateColor = (body: BorderColorInput) =>
  answerOf(apiClient.PUT("/api/border-colors", { params: { query: { id: body.id } }, body }));
export const deleteColor = (id: string) => answerOf(apiClient.DELETE("/api/border-colors", { params: { query: { id } } }));

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
