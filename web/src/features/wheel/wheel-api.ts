import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ForceLossResponse, SpinResponse, SpinStatusResponse } from "@planify/common/schemas/economy";
import { api } from "../../lib/api";
import { COINS_KEYS, idempotencyKey } from "../../lib/economy/coins-api";

export type WheelKind = "basic" | "x2";

/** POST /coins/spin-wheel; admins may pick the x2 wheel or force a test spin. */
export function useSpin() {
  return useMutation({
    mutationFn: (opts: { wheel?: WheelKind; force?: boolean }) =>
      api<SpinResponse>("/coins/spin-wheel", {
        body: opts.wheel || opts.force ? opts : {},
        headers: { "Idempotency-Key": idempotencyKey() },
      }),
  });
}

/** POST /coins/test-force-loss (admin): records a loss; the shields update at once. */
export function useForceLoss() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<ForceLossResponse>("/coins/test-force-loss", { method: "POST" }),
    onSuccess: (r) => {
      client.setQueryData<SpinStatusResponse>(
        COINS_KEYS.spinStatus,
        (old) => old && { ...old, lossStreak: r.lossStreak, protectionReady: r.protectionReady },
      );
    },
  });
}
