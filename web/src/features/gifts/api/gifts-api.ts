import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { COINS_KEYS } from "../../../lib/economy/coins-api";

/** POST /users/ack-gift/:itemId: the gift is not announced again. */
export function acknowledgeGift(itemId: number | string): Promise<unknown> {
  return api(`/users/ack-gift/${encodeURIComponent(String(itemId))}`, { method: "POST" });
}

/**
 * Acknowledges every shown gift. Failures are ignored: the popup must never trap
 * the user. The inventory is refetched once all have settled.
 */
export function useAcknowledgeGiftsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (itemIds: (number | string)[]) => {
      await Promise.allSettled(itemIds.map(acknowledgeGift));
    },
    onSettled: () => client.invalidateQueries({ queryKey: COINS_KEYS.inventory }),
  });
}
