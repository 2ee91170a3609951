import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { InventoryResponse, UserCoinsResponse } from "@planify/common/schemas/economy";
import { isNoAnswer, onConnectionChance, useOffline } from "../connectivity";
import { AUTH_LOGOUT_EVENT, getSession } from "../session";
import { useSession } from "../use-session";
import { saveDynamicVariants } from "./dynamic-variants";
import { forgetLastBalance, loadLastBalance, saveLastBalance } from "./last-balance";
import { answerOf, apiClient } from "../api/client";

export const COINS_KEYS = {
  balance: ["coins", "balance"] as const,
  inventory: ["coins", "inventory"] as const,
  spinStatus: ["coins", "spin-status"] as const,
  weekly: ["coins", "weekly-items"] as const,
  borderColors: ["border-colors"] as const,
};

/** Staggered start: the balance loads 100 ms after a session appears, the inventory after 200 ms. */
export const BALANCE_DELAY_MS = 100;
export const INVENTORY_DELAY_MS = 200;

/** True `ms` after a session token exists (false again on logout). */
function useSessionReady(ms: number): string | null {
  const token = useSession()?.token ?? null;
  const [ready, setReady] = useState<string | null>(null);
  useEffect(() => {
    if (!token) return setReady(null);
    const t = setTimeout(() => setReady(token), ms);
    return () => clearTimeout(t);
  }, [token, ms]);
  return ready === token ? token : null;
}

/** What the top bar shows of the wallet. */
export interface BalanceView {
  /** null while nothing is known yet (no answer, and no balance kept from an earlier visit). */
  coins: number | null;
  /** True when `coins` is the last balance known, not one the server just gave (offline, or the call got no answer). */
  lastKnown: boolean;
  /** True when the server answered the call with an error while online: the amount is unknown (« — »), never 0. */
  unavailable: boolean;
}

/**
 * The wallet. Each amount the server gives is kept (last-balance.ts); offline or when the call
 * got no answer, that last known amount is shown, marked as such, and asked again as soon as
 * the connection may be back (lib/connectivity), not at the next visit. When the server
 * answers with an error, the balance is unavailable (the top bar shows « — »).
 */
export function useBalanceView(): BalanceView {
  const token = useSessionReady(BALANCE_DELAY_MS);
  const userId = useSession()?.user.id ?? null;
  const offline = useOffline();
  const client = useQueryClient();
  const q = useQuery({
    queryKey: COINS_KEYS.balance,
    queryFn: () => answerOf(apiClient.GET("/api/coins/user-coins")),
    enabled: token !== null,
    retry: false,
  });
  const fresh = token !== null && q.data !== undefined && !q.isError ? q.data.coins : null;
  const noAnswer = q.isError && isNoAnswer(q.error);
  const lastKnown = token !== null && (offline || noAnswer);
  const unavailable = token !== null && q.isError && !lastKnown;
  const showsLastKnown = useRef(lastKnown);
  showsLastKnown.current = lastKnown;

  useEffect(() => {
    if (userId && q.data && !q.isError) saveLastBalance(userId, q.data.coins);
  }, [userId, q.data, q.isError]);
  useEffect(() => {
    if (!token) return;
    const stop = onConnectionChance(() => {
      if (showsLastKnown.current) void client.invalidateQueries({ queryKey: ["coins"] });
    });
    window.addEventListener(AUTH_LOGOUT_EVENT, forgetLastBalance);
    return () => {
      stop();
      window.removeEventListener(AUTH_LOGOUT_EVENT, forgetLastBalance);
    };
  }, [token, client]);

  if (!userId) return { coins: 0, lastKnown: false, unavailable: false };
  if (unavailable) return { coins: null, lastKnown: false, unavailable: true };
  // While the first answer is on its way, the kept amount too (rather than a flash of 0).
  return { coins: fresh ?? loadLastBalance(userId), lastKnown, unavailable: false };
}

/** The wallet amount alone: the last known one offline, null while unknown or unavailable (shown « — », never 0). */
export function useBalance(): number | null {
  return useBalanceView().coins;
}

/** GET /coins/inventory; the variants chosen are copied to local storage. */
async function fetchInventory(): Promise<InventoryResponse> {
  const inv = await answerOf(apiClient.GET("/api/coins/inventory"));
  const userId = getSession()?.user.id;
  if (userId) saveDynamicVariants(userId, inv.dynamicItemVariants);
  return inv;
}

/** The inventory query (owned items, equipped item, colours): a screen showing it renders its failure (QueryError). */
export function useInventoryQuery(delayMs = INVENTORY_DELAY_MS) {
  const token = useSessionReady(delayMs);
  const q = useQuery({
    queryKey: COINS_KEYS.inventory,
    queryFn: fetchInventory,
    enabled: token !== null,
    retry: false,
  });
  return { query: q, data: token ? q.data : undefined };
}

/** The inventory alone, undefined while unknown (for watchers that only react to it). */
export function useInventory(delayMs = INVENTORY_DELAY_MS) {
  return useInventoryQuery(delayMs).data;
}

/** Reads the cached inventory without ever fetching it (for avatars of the current user). */
export function useCachedInventory(): InventoryResponse | undefined {
  return useQuery({
    queryKey: COINS_KEYS.inventory,
    queryFn: fetchInventory,
    enabled: false,
  }).data;
}

/** Whether the daily spin is available; a failure disables the spin. */
export function useSpinStatus() {
  const token = useSessionReady(BALANCE_DELAY_MS);
  const q = useQuery({
    queryKey: COINS_KEYS.spinStatus,
    queryFn: () => answerOf(apiClient.GET("/api/coins/spin-status")),
    enabled: token !== null,
    retry: false,
    refetchInterval: 60_000,
  });
  return token ? q.data : undefined;
}

/** Stores a new wallet amount answered by the server (purchase, spin, code). */
export function setBalance(client: QueryClient, coins: number): void {
  client.setQueryData<UserCoinsResponse>(COINS_KEYS.balance, (old) =>
    old ? { ...old, coins } : { success: true, coins, leaderboardCoins: 0, factionCoins: 0 },
  );
  client.setQueryData<InventoryResponse>(COINS_KEYS.inventory, (old) => (old ? { ...old, coins } : old));
}

/** Reloads everything the economy shows after a change made elsewhere (a code, a gift). */
export function refreshEconomy(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: ["coins"] }), client.invalidateQueries({ queryKey: COINS_KEYS.borderColors })]);
}

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context, so build one by hand). */
export function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
