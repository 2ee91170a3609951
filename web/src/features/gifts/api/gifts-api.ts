import { useMutation, useQueryClient } from "@tanstack/react-query";
import { COINS_KEYS } from "../../../lib/economy/coins-api";
import { answerOf, apiClient } from "../../../lib/api/client";

/** POST /users/ack-gift/:itemId: the gift is not announced again. */
export function acknowledgeGift(itemId: number | string): Promise<unknown> {
  return answerOf(apiClient.POST("/api/users/ack-gift/{id}", { params: { path: { id: String(itemId) } } }));
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
