import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  FactionDistributeBody,
  FactionDistributeResponse,
  FactionNotifyResponse,
  FactionPriceBody,
  FactionPriceResponse,
  FactionResetResponse,
  FactionTotalBody,
  FactionTotalResponse,
} from "@planify/common/schemas/factions-admin";
import { api } from "../../../lib/api";
import { SOCIAL_KEYS } from "../../../lib/social/social-api";

/** POST /factions/total-coins (admin). */
export const setFactionTotal = (body: FactionTotalBody) => api<FactionTotalResponse>("/factions/total-coins", { method: "POST", body });
/** POST /factions/notify-results (admin): a result pop-up to every member. */
export const notifyFactionResults = () => api<FactionNotifyResponse>("/factions/notify-results", { method: "POST" });
/** POST /factions/reset (admin): every faction balance and both totals to 0. */
export const resetFactions = () => api<FactionResetResponse>("/factions/reset", { method: "POST" });
/** POST /factions/distribute (admin): the same wallet coins to every member of one faction. */
export const distributeToFaction = (body: FactionDistributeBody) =>
  api<FactionDistributeResponse>("/factions/distribute", { method: "POST", body });

/** POST /factions/price-multiplier (admin): what the faction's members pay in the shop, × the catalogue price. */
export const setFactionPrice = (body: FactionPriceBody) =>
  api<FactionPriceResponse>("/factions/price-multiplier", { method: "POST", body });

/** A faction admin write; the boards (totals, members, coins) are reloaded after it. */
export function useFactionAdminMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: SOCIAL_KEYS.all }) });
}
