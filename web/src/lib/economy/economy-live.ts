import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvent } from "../live/live-bus";
import { COINS_KEYS } from "./coins-api";

/**
 * Live updates of the wallet: a balance change (a gift of coins, a purchase or a spin on
 * another device, an admin's correction) reloads the balance and the wheel's state; an
 * inventory change reloads the inventory (the received-item popup watches it).
 */
export function useEconomyLiveUpdates(): void {
  const client = useQueryClient();
  useLiveEvent("coins", () => {
    void client.invalidateQueries({ queryKey: COINS_KEYS.balance });
    void client.invalidateQueries({ queryKey: COINS_KEYS.spinStatus });
  });
  useLiveEvent("inventory", () => void client.invalidateQueries({ queryKey: COINS_KEYS.inventory }));
}
