import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FactionDistributeBody, FactionPriceBody, FactionTotalBody } from "@planify/common/schemas/factions-admin";
import { SOCIAL_KEYS } from "../../../lib/social/social-api";
import { answerOf, apiClient } from "../../../lib/api/client";

/** POST /factions/total-coins (admin). */
export const setFactionTotal = (body: FactionTotalBody) => answerOf(apiClient.POST("/api/factions/total-coins", { body }));
/** POST /factions/notify-results (admin): a result pop-up to every member. */
export const notifyFactionResults = () => answerOf(apiClient.POST("/api/factions/notify-results"));
/** POST /factions/reset (admin): every faction balance and both totals to 0. */
export const resetFactions = () => answerOf(apiClient.POST("/api/factions/reset"));
/** POST /factions/distribute (admin): the same wallet coins to every member of one faction. */
export const distributeToFaction = (body: FactionDistributeBody) => answerOf(apiClient.POST("/api/factions/distribute", { body }));

/** POST /factions/price-multiplier (admin): what the faction's members pay in the shop, × the catalogue price. */
export const setFactionPrice = (body: FactionPriceBody) => answerOf(apiClient.POST("/api/factions/price-multiplier", { body }));

/** A faction admin write; the boards (totals, members, coins) are reloaded after it. */
export function useFactionAdminMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: SOCIAL_KEYS.all }) });
}
