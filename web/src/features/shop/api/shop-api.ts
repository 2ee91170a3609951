import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { encodeColorSelection, type ColorSelection } from "@planify/common/constants/border-colors";
import type { InventoryResponse, ShopEntry } from "@planify/common/schemas/economy";
import { ApiError } from "../../../lib/api";
import { getSession, updateUser } from "../../../lib/session";
import { saveDynamicVariants } from "../../../lib/economy/dynamic-variants";
import { COINS_KEYS, idempotencyKey, setBalance } from "../../../lib/economy/coins-api";
import { answerOf, apiClient } from "../../../lib/api/client";

/** The server's French message of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/** GET /coins/weekly-items: today's shop. */
export function useWeeklyItems() {
  return useQuery({
    queryKey: COINS_KEYS.weekly,
    queryFn: () => answerOf(apiClient.GET("/api/coins/weekly-items")),
    retry: false,
  });
}

/** Equips an item, or unequips it when it is the equipped one. The server answers first. */
export function useEquip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, equipped }: { itemId: number; equipped: boolean }) => {
      if (equipped) await answerOf(apiClient.POST("/api/coins/unequip", { body: { itemId } }));
      else await answerOf(apiClient.POST("/api/coins/equip", { body: { itemId } }));
      return equipped ? null : itemId;
    },
    onSuccess: (equippedItemId) => {
      client.setQueryData<InventoryResponse>(
        COINS_KEYS.inventory,
        (old) =>
          old && {
            ...old,
            equippedItemId,
            purchasedItems: old.purchasedItems.map((p) => ({ ...p, equipped: !p.colorId && p.itemId === equippedItemId })),
          },
      );
      updateUser({ equippedItemId });
      void client.invalidateQueries({ queryKey: COINS_KEYS.inventory });
    },
  });
}

/**
 * Selects a border colour and the Discord/Jojo styles (one composite id). Optimistic: the
 * inventory changes at once and is rolled back when the server refuses or the call fails.
 */
export function useSelectColor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sel: ColorSelection) =>
      answerOf(apiClient.POST("/api/coins/border-color", { body: { colorId: encodeColorSelection(sel) } })),
    onMutate: async (sel) => {
      await client.cancelQueries({ queryKey: COINS_KEYS.inventory });
      const previous = client.getQueryData<InventoryResponse>(COINS_KEYS.inventory);
      client.setQueryData<InventoryResponse>(
        COINS_KEYS.inventory,
        (old) =>
          old && {
            ...old,
            selectedBorderColor: sel.colorId,
            discordVariantIndex: sel.discordVariant,
            jojoVariantIndex: sel.jojoVariant,
          },
      );
      return { previous };
    },
    onError: (_e, _sel, ctx) => {
      if (ctx?.previous) client.setQueryData(COINS_KEYS.inventory, ctx.previous);
    },
    onSuccess: (_r, sel) => updateUser({ selectedBorderColor: sel.colorId }),
    onSettled: () => client.invalidateQueries({ queryKey: COINS_KEYS.inventory }),
  });
}

/** Chooses the variant of an item created with variants (POST /users/dynamic-item-variants). */
export function useDynamicVariant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, variantIndex }: { itemId: number; variantIndex: number }) =>
      answerOf(apiClient.POST("/api/users/dynamic-item-variants", { body: { itemId, variantIndex } })),
    onMutate: ({ itemId, variantIndex }) => {
      const previous = client.getQueryData<InventoryResponse>(COINS_KEYS.inventory);
      client.setQueryData<InventoryResponse>(
        COINS_KEYS.inventory,
        (old) =>
          old && {
            ...old,
            dynamicItemVariants: { ...old.dynamicItemVariants, [String(itemId)]: variantIndex },
          },
      );
      return { previous };
    },
    onSuccess: (_r, { itemId, variantIndex }) => {
      const user = getSession()?.user;
      if (!user) return;
      const variants = {
        ...(client.getQueryData<InventoryResponse>(COINS_KEYS.inventory)?.dynamicItemVariants ?? user.dynamicItemVariants),
        [String(itemId)]: variantIndex,
      };
      saveDynamicVariants(user.id, variants);
      updateUser({ dynamicItemVariants: variants });
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) client.setQueryData(COINS_KEYS.inventory, ctx.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: COINS_KEYS.inventory }),
  });
}

/** Buys an entry of today's shop; the price is the server's, the answer gives the new balance. */
export function usePurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: ShopEntry) =>
      answerOf(
        apiClient.POST("/api/coins/purchase", {
          body: { itemId: entry.legacyId, colorId: entry.colorId ?? undefined, itemName: entry.name, price: entry.price, type: entry.type },
          headers: { "Idempotency-Key": idempotencyKey() },
        }),
      ),
    onSuccess: (res) => {
      setBalance(client, res.newCoins);
      void client.invalidateQueries({ queryKey: COINS_KEYS.inventory });
      void client.invalidateQueries({ queryKey: COINS_KEYS.weekly });
    },
  });
}

/**
 * Cancels a purchase (« Annuler » on its toast). The caller gives one Idempotency-Key per
 * purchase, so a double tap is answered twice with one refund.
 */
export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, key }: { entry: ShopEntry; key: string }) =>
      answerOf(
        apiClient.POST("/api/coins/refund", {
          body: { itemId: entry.legacyId, colorId: entry.colorId ?? undefined },
          headers: { "Idempotency-Key": key },
        }),
      ),
    onSuccess: (res) => {
      setBalance(client, res.newCoins);
      void client.invalidateQueries({ queryKey: COINS_KEYS.inventory });
      void client.invalidateQueries({ queryKey: COINS_KEYS.weekly });
    },
  });
}
