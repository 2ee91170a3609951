import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { UserCoinsResponse } from "@planify/common/schemas/economy";
import { OPEN_PROFILE_EVENT } from "../../lib/app-events";
import { COINS_KEYS } from "../../lib/economy/coins-api";
import {
  byText,
  cleanup,
  factionBoard,
  factionUser,
  json,
  mount,
  newClient,
  routeFetch,
  settle,
  signIn,
} from "../../lib/social/test-fixtures";
import { FactionBoard } from "./faction-board";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const column = (f: string) => document.querySelector<HTMLElement>(`[data-testid="faction-column-${f}"]`)!;
const joinButton = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
const liveRegion = () => document.querySelector('[data-testid="faction-join-result"]')!;
const joinAnswer = (faction: string, coins: number, cost: number) =>
  json(200, { success: true, message: `Bienvenue chez ${faction} !`, faction, coins, leaderboardCoins: coins, factionCoins: 0, cost });

async function show(
  routes: Parameters<typeof routeFetch>[0],
  opts: { balance?: number; spelling?: "app" | "page"; faction?: "Bagnat" | "Fermier" | null } = {},
) {
  signIn({ faction: opts.faction ?? null });
  const stub = routeFetch(routes);
  vi.stubGlobal("fetch", stub.fetch);
  const client = newClient();
  if (opts.balance !== undefined)
    client.setQueryData<UserCoinsResponse>(COINS_KEYS.balance, {
      success: true,
      coins: opts.balance,
      leaderboardCoins: 0,
      factionCoins: 0,
    });
  await mount(<FactionBoard spelling={opts.spelling} />, client);
  await settle();
  return { ...stub, client };
}

describe("the factions view", () => {
  it("keeps both columns in place while loading, join buttons waiting", async () => {
    await show({ "GET /factions/leaderboard": () => new Promise<Response>(() => undefined) });
    expect(column("Bagnat").textContent).toContain("—");
    expect(column("Fermier").querySelector('[role="status"]')?.textContent).toContain("Chargement des membres de Fermier");
    expect(joinButton("Rejoindre Bagnat").disabled).toBe(true);
  });

  it("shows totals, member counts, medals for the top 3, 'Aucun membre', and the caller pinned below", async () => {
    const me = factionUser("me", 41, 12, { username: "moi" });
    await show(
      { "GET /factions/leaderboard": () => json(200, factionBoard({ currentUserBagnat: me, myFaction: "Bagnat", switchCost: 200 })) },
      { faction: "Bagnat" },
    );
    const bagnat = column("Bagnat");
    expect(bagnat.querySelector('[data-testid="faction-total-Bagnat"]')?.getAttribute("data-total")).toBe("12345");
    expect(bagnat.textContent).toContain("12,3K");
    expect(bagnat.textContent).toContain("4 membres");
    const medals = [...bagnat.querySelectorAll('[role="img"]')].map((m) => m.getAttribute("aria-label"));
    expect(medals).toEqual(["Médaille d'or, rang 1", "Médaille d'argent, rang 2", "Médaille de bronze, rang 3"]);
    expect(bagnat.querySelector('[data-testid="rank-row-b4"]')?.textContent).toContain("#4");
    const pinned = bagnat.querySelector('[data-testid="rank-row-me"]')!;
    expect(pinned.getAttribute("data-me")).toBe("true");
    expect(pinned.textContent).toContain("#41");
    expect(column("Fermier").textContent).toContain("Aucun membre");
    expect(column("Fermier").textContent).toContain("0 membre");
    const mine = joinButton("Bagnat : ta faction");
    expect(mine.textContent).toBe("Ta faction");
    expect(mine.disabled).toBe(true);
  });

  it("opens a member's profile on a click", async () => {
    await show({ "GET /factions/leaderboard": () => json(200, factionBoard()) });
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(OPEN_PROFILE_EVENT, listener);
    await act(async () => document.querySelector<HTMLButtonElement>('[data-testid="rank-row-b2"] button')!.click());
    window.removeEventListener(OPEN_PROFILE_EVENT, listener);
    expect(seen).toEqual([{ userId: "b2" }]);
  });

  it("joins a first faction without asking, shows 'Rejoindre...' while pending and announces the answer", async () => {
    let answer!: (r: Response) => void;
    const { calls } = await show(
      {
        "GET /factions/leaderboard": () => json(200, factionBoard()),
        "POST /factions/join": () =>
          new Promise<Response>((r) => {
            answer = r;
          }),
      },
      { balance: 50 },
    );
    await act(async () => joinButton("Rejoindre Fermier").click());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(joinButton("Rejoindre Fermier").textContent).toBe("Rejoindre...");
    expect(joinButton("Rejoindre Bagnat").disabled).toBe(true);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ faction: "Fermier" });
    await act(async () => answer(joinAnswer("Fermier", 50, 0)));
    await settle();
    expect(liveRegion().textContent).toBe("Bienvenue chez Fermier !");
  });

  it("asks before a switch with its cost and the balance after; 'Annuler' sends nothing", async () => {
    const { calls, client } = await show(
      {
        "GET /factions/leaderboard": () => json(200, factionBoard({ myFaction: "Bagnat", switchCost: 200 })),
        "POST /factions/join": () => joinAnswer("Fermier", 300, 200),
        "GET /coins/user-coins": () => json(200, { success: true, coins: 300, leaderboardCoins: 0, factionCoins: 0 }),
      },
      { balance: 500, faction: "Bagnat" },
    );
    await act(async () => joinButton("Rejoindre Fermier").click());
    // The confirmation popup loads on first use.
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain("200 Planify Coins");
    expect(dialog.textContent).toContain("Ton solde passera de 500 à 300 coins");
    await act(async () => byText("Annuler")!.click());
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await act(async () => joinButton("Rejoindre Fermier").click());
    await act(async () => byText("Payer 200 coins")!.click());
    await settle();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    expect(client.getQueryData<UserCoinsResponse>(COINS_KEYS.balance)?.coins).toBe(300);
  });

  it("refuses a switch the balance cannot pay, with the server's words, before any call", async () => {
    const { calls } = await show(
      { "GET /factions/leaderboard": () => json(200, factionBoard({ myFaction: "Bagnat", switchCost: 200 })) },
      { balance: 150, faction: "Bagnat" },
    );
    await act(async () => joinButton("Rejoindre Fermier").click());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(liveRegion().textContent).toBe(SOCIAL_MESSAGES.factionSwitchTooPoor);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows the server's refusal, else the join failure sentence", async () => {
    let status = 400;
    await show({
      "GET /factions/leaderboard": () => json(200, factionBoard()),
      "POST /factions/join": () =>
        status === 400
          ? json(400, { success: false, message: "Faction inconnue.", code: "BAD_REQUEST" })
          : new Response("oops", { status: 500 }),
    });
    await act(async () => joinButton("Rejoindre Bagnat").click());
    await settle();
    expect(liveRegion().textContent).toBe("Faction inconnue.");
    status = 500;
    await act(async () => joinButton("Rejoindre Bagnat").click());
    await settle();
    expect(liveRegion().textContent).toBe(SOCIAL_MESSAGES.factionJoinFailed);
  });

  it("spells Bagna on the factions page", async () => {
    await show({ "GET /factions/leaderboard": () => json(200, factionBoard()) }, { spelling: "page" });
    expect(column("Bagnat").querySelector("h3")?.textContent).toBe("Bagna");
    expect(joinButton("Rejoindre Bagna")).not.toBeNull();
  });

  it("offers 'Réessayer' when the board cannot load", async () => {
    let fail = true;
    const { calls } = await show({
      "GET /factions/leaderboard": () =>
        fail ? json(500, { success: false, message: "Erreur interne", code: "INTERNAL" }) : json(200, factionBoard()),
    });
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Impossible de charger les factions.");
    fail = false;
    await act(async () => byText("Réessayer")!.click());
    await settle();
    expect(calls).toHaveLength(2);
    expect(column("Bagnat")).not.toBeNull();
  });
});
