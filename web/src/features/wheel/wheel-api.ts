import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SpinStatusResponse } from "@planify/common/schemas/economy";
import { COINS_KEYS, idempotencyKey } from "../../lib/economy/coins-api";
import { answerOf, apiClient } from "../../lib/api/client";

export type WheelKind = "basic" | "x2";

/** POST /coins/spin-wheel; admins may pick the x2 wheel or force a test spin. */
export function useSpin() {
  return useMutation({
    mutationFn: (opts: { wheel?: WheelKind; force?: boolean }) =>
      answerOf(
        apiClient.POST("/api/coins/spin-wheel", {
          body: opts.wheel || opts.force ? opts : {},
          headers: { "Idempotency-Key": idempotencyKey() },
        }),
      ),
  });
}

/** POST /coins/test-force-loss (admin): records a loss; the shields update at once. */
export function useForceLoss() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(apiClient.POST("/api/coins/test-force-loss")),
    onSuccess: (r) => {
      client.setQueryData<SpinStatusResponse>(
        COINS_KEYS.spinStatus,
        (old) => old && { ...old, lossStreak: r.lossStreak, protectionReady: r.protectionReady },
      );
    },
  });
}
