import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { UserCoinsResponse } from "@planify/common/schemas/economy";
import { ApiError } from "../api";
import { COINS_KEYS } from "../economy/coins-api";
import { getSession } from "../session";
import { fetchFactionBoard, SOCIAL_KEYS } from "./social-api";
import { joinErrorText, useJoinFaction, useLeaderboardToggle } from "./social-mutations";
import { cleanup, factionBoard, json, leaderboard, mount, newClient, routeFetch, signIn } from "./test-fixtures";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe("faction board reads", () => {
  it("asks once more, past any cache, when the answer says it is stale, and marks the user boards stale", async () => {
    let n = 0;
    const { fetch, calls } = routeFetch({
      "GET /factions/leaderboard": () => json(200, factionBoard({ leaderboardNeedsRefresh: true, switchCost: ++n })),
    });
    vi.stubGlobal("fetch", fetch);
    const client = newClient();
    client.setQueryData(SOCIAL_KEYS.leaderboard("coins"), leaderboard());
    const board = await fetchFactionBoard(client);
    // One extra request only, even though the second answer still carries the flag.
    expect(calls.map((c) => c.url)).toEqual(["/factions/leaderboard", expect.stringMatching(/^\/factions\/leaderboard\?ts=\d+$/)]);
    expect(board.switchCost).toBe(2);
    expect(client.getQueryState(SOCIAL_KEYS.leaderboard("coins"))?.isInvalidated).toBe(true);
  });

  it("uses a fresh answer as it is", async () => {
    const { fetch, calls } = routeFetch({ "GET /factions/leaderboard": () => json(200, factionBoard()) });
    vi.stubGlobal("fetch", fetch);
    await fetchFactionBoard(newClient());
    expect(calls).toHaveLength(1);
  });
});

describe("joining a faction", () => {
  async function setup(answer: () => Response | Promise<Response>) {
    signIn({ faction: "Bagnat" });
    const { fetch, calls } = routeFetch({ "POST /factions/join": answer });
    vi.stubGlobal("fetch", fetch);
    const client = newClient();
    client.setQueryData<UserCoinsResponse>(COINS_KEYS.balance, { success: true, coins: 500, leaderboardCoins: 500, factionCoins: 40 });
    client.setQueryData(SOCIAL_KEYS.factions, factionBoard());
    client.setQueryData(SOCIAL_KEYS.leaderboard("tasks"), leaderboard());
    let join!: ReturnType<typeof useJoinFaction>;
    function Probe() {
      join = useJoinFaction();
      return null;
    }
    await mount(<Probe />, client);
    return { client, calls, join: (f: "Bagnat" | "Fermier") => join.mutateAsync(f) };
  }

  it("stores the balance after a paid switch, the new faction, and reloads every board", async () => {
    const { client, calls, join } = await setup(() =>
      json(200, {
        success: true,
        message: "Bienvenue chez Fermier !",
        faction: "Fermier",
        coins: 300,
        leaderboardCoins: 500,
        factionCoins: 0,
        cost: 200,
      }),
    );
    await act(async () => {
      await join("Fermier");
    });
    expect(calls[0]).toMatchObject({ method: "POST", url: "/factions/join", body: { faction: "Fermier" } });
    // The top bar reads this query: it shows 300 at once.
    expect(client.getQueryData<UserCoinsResponse>(COINS_KEYS.balance)?.coins).toBe(300);
    expect(getSession()?.user).toMatchObject({ faction: "Fermier", coins: 300, factionCoins: 0 });
    expect(client.getQueryState(SOCIAL_KEYS.factions)?.isInvalidated).toBe(true);
    expect(client.getQueryState(SOCIAL_KEYS.leaderboard("tasks"))?.isInvalidated).toBe(true);
  });

  it("changes nothing when the server refuses", async () => {
    const { client, join } = await setup(() =>
      json(400, { success: false, message: SOCIAL_MESSAGES.factionSwitchTooPoor, code: "BAD_REQUEST" }),
    );
    let error: unknown;
    await act(async () => {
      await join("Fermier").catch((e) => {
        error = e;
      });
    });
    expect(joinErrorText(error)).toBe(SOCIAL_MESSAGES.factionSwitchTooPoor);
    expect(client.getQueryData<UserCoinsResponse>(COINS_KEYS.balance)?.coins).toBe(500);
    expect(getSession()?.user.faction).toBe("Bagnat");
  });

  it("says 'Échec de l’adhésion' for a refusal without words and 'Erreur lors de la demande' when nothing answered", () => {
    expect(joinErrorText(new ApiError(500, "Erreur 500", null))).toBe("Échec de l’adhésion à la faction");
    expect(joinErrorText(new ApiError(0, "Erreur réseau", null))).toBe("Erreur lors de la demande d’adhésion");
  });
});

describe("a professor's leaderboard switch", () => {
  it("sends the choice and keeps the server's answer in the session", async () => {
    signIn({ role: "prof", leaderboardEnabled: false });
    const { fetch, calls } = routeFetch({
      "PUT /users/me/leaderboard": () =>
        json(200, { success: true, message: "ok", leaderboardEnabled: true, user: { id: "me", _id: "me", leaderboardEnabled: true } }),
    });
    vi.stubGlobal("fetch", fetch);
    let toggle!: ReturnType<typeof useLeaderboardToggle>;
    function Probe() {
      toggle = useLeaderboardToggle();
      return null;
    }
    await mount(<Probe />);
    await act(async () => {
      await toggle.mutateAsync(true);
    });
    expect(calls[0]).toMatchObject({ method: "PUT", url: "/users/me/leaderboard", body: { enabled: true } });
    expect(getSession()?.user.leaderboardEnabled).toBe(true);
  });
});

describe("refreshing the boards (after a join or a spin)", () => {
  it("marks both user boards and the factions stale, not the closed seasons", async () => {
    const { refreshBoards } = await import("./social-api");
    const client = newClient();
    for (const key of [SOCIAL_KEYS.leaderboard("coins"), SOCIAL_KEYS.leaderboard("tasks"), SOCIAL_KEYS.factions, SOCIAL_KEYS.seasons])
      client.setQueryData(key, {});
    await refreshBoards(client);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([
      stale(SOCIAL_KEYS.leaderboard("coins")),
      stale(SOCIAL_KEYS.leaderboard("tasks")),
      stale(SOCIAL_KEYS.factions),
      stale(SOCIAL_KEYS.seasons),
    ]).toEqual([true, true, true, false]);
  });
});
