// Test helper (not a test file): answers of the social routes as the contract types them, a
// fetch stub that answers by route, and a mount helper with the app's providers.
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { FactionLeaderboardResponse, FactionRankedUser, LeaderboardResponse, LeaderboardUser } from "@planify/common/schemas/social";
import type { SessionUser } from "@planify/common/schemas/users";
import { NotificationsProvider } from "../../components/notifications";
import { clearSession, saveLogin } from "../session";
import { fakeLogin } from "../test-session";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const avatar = (id: string, username: string, role = "eleve") => ({
  id,
  _id: id,
  username,
  role,
  year: "BUT1",
  faction: null,
  avatar: null,
  avatarVersion: 0,
  equippedItemId: null,
  selectedBorderColor: "default",
  dynamicItemVariants: {},
});

export function rankedUser(id: string, rank: number, over: Partial<LeaderboardUser> = {}): LeaderboardUser {
  return {
    ...avatar(id, `user.${id}`),
    leaderboardCoins: 1000 - rank * 10,
    coins: 1000 - rank * 10,
    completedTasks: 50 - rank,
    rank,
    ...over,
  };
}

export function factionUser(id: string, rank: number, coins: number, over: Partial<FactionRankedUser> = {}): FactionRankedUser {
  return { ...avatar(id, `member.${id}`), coins, factionCoins: coins, displayCoins: coins, coinsForLeaderboard: coins, rank, ...over };
}

export function leaderboard(over: Partial<LeaderboardResponse> = {}): LeaderboardResponse {
  const users = [rankedUser("a", 1), rankedUser("b", 2), rankedUser("c", 3), rankedUser("d", 4)];
  return { success: true, sort: "coins", users, me: null, total: users.length, leaderboardEnabled: true, ...over };
}

export function factionBoard(over: Partial<FactionLeaderboardResponse> = {}): FactionLeaderboardResponse {
  const bagnat = [factionUser("b1", 1, 900), factionUser("b2", 2, 500), factionUser("b3", 3, 300), factionUser("b4", 4, 100)];
  return {
    success: true,
    factions: [
      { name: "Bagnat", totalCoins: 12_345, membersCount: 4 },
      { name: "Fermier", totalCoins: 800, membersCount: 0 },
    ],
    bagnatTopUsers: bagnat,
    bagnaTopUsers: bagnat,
    fermierTopUsers: [],
    currentUserBagnat: null,
    currentUserFermier: null,
    myFaction: null,
    priceByFaction: { Bagnat: 1, Fermier: 1 },
    switchCost: 0,
    season: { month: "2026-11", endsAt: "2026-11-30T23:00:00.000Z" },
    leaderboardNeedsRefresh: false,
    ...over,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status < 400 ? "OK" : "Bad Request",
    headers: { "Content-Type": "application/json" },
  });
}

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/** A fetch stub answering "METHOD /path" (query string ignored) and recording every call. */
export function routeFetch(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    const url = String(input).replace(/^.*\/api/, "");
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${url.split("?")[0]}`];
    return handler ? handler(init, url) : json(404, { success: false, message: "Introuvable", code: "NOT_FOUND" });
  };
  return { fetch, calls };
}

/** Signs a user in (local storage session), as the app holds it. */
export function signIn(over: Partial<SessionUser> = {}) {
  clearSession();
  return saveLogin(
    fakeLogin(3_600_000, { id: "me", _id: "me", username: "moi", role: "eleve", leaderboardEnabled: true, faction: null, ...over }),
    true,
  );
}

export function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

const roots: Root[] = [];

/** Unmounts every mounted tree, signs out, empties the document (afterEach). */
export async function cleanup() {
  await act(async () => {
    for (const r of roots.splice(0)) r.unmount();
  });
  clearSession();
  document.body.innerHTML = "";
}

/** Mounts `ui` in the document with a query client and the notification provider. */
export async function mount(ui: ReactNode, client = newClient()): Promise<{ root: Root; client: QueryClient; host: HTMLElement }> {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <NotificationsProvider>{ui}</NotificationsProvider>
      </QueryClientProvider>,
    ),
  );
  return { root, client, host };
}

/** Lets pending fetches and renders settle. */
export async function settle(times = 5) {
  for (let i = 0; i < times; i++)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
}

export const byText = (text: string | RegExp, selector = "button") =>
  [...document.querySelectorAll<HTMLElement>(selector)].find((el) =>
    typeof text === "string" ? el.textContent?.trim() === text : text.test(el.textContent ?? ""),
  );
