import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { MemoryRouter } from "react-router-dom";
import { OPEN_PROFILE_EVENT } from "../../lib/app-events";
import {
  byText,
  cleanup,
  factionBoard,
  json,
  leaderboard,
  mount,
  rankedUser,
  routeFetch,
  settle,
  signIn,
} from "../../lib/social/test-fixtures";
import { LeaderboardTab } from "./leaderboard-tab";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const tabs = () => [...document.querySelectorAll<HTMLButtonElement>('[role="tablist"][aria-label="Filtres du classement"] [role="tab"]')];
const row = (id: string) => document.querySelector<HTMLElement>(`[data-testid="rank-row-${id}"]`);

async function show(routes: Parameters<typeof routeFetch>[0], onLeave = () => undefined) {
  signIn();
  const stub = routeFetch(routes);
  vi.stubGlobal("fetch", stub.fetch);
  await mount(
    <MemoryRouter>
      <LeaderboardTab onLeave={onLeave} />
    </MemoryRouter>,
  );
  await settle();
  return stub;
}

describe("the Leaderboard tab", () => {
  it("has three filters moved with the arrow keys, each showing its board", async () => {
    const { calls } = await show({
      "GET /users/leaderboard": (_i, url) => json(200, leaderboard({ sort: url.includes("tasks") ? "tasks" : "coins" })),
      "GET /factions/leaderboard": () => json(200, factionBoard()),
    });
    expect(tabs().map((t) => t.textContent)).toEqual(["PlanifyCoins", "Tâches complétées", "Factions"]);
    expect(tabs()[0]!.getAttribute("aria-selected")).toBe("true");
    expect(calls.map((c) => c.url)).toEqual(["/users/leaderboard?sort=coins"]);
    expect(row("a")?.textContent).toContain("990");

    await act(async () => tabs()[0]!.focus());
    await act(async () => tabs()[0]!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true })));
    await settle();
    expect(tabs()[1]!.getAttribute("aria-selected")).toBe("true");
    expect(calls.at(-1)?.url).toBe("/users/leaderboard?sort=tasks");
    expect(row("a")?.querySelector(".visually-hidden:last-child")?.textContent).toBe("49 tâches complétées");

    await act(async () => tabs()[1]!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true })));
    await settle();
    expect(document.querySelector('[data-testid="faction-column-Bagnat"]')).not.toBeNull();
  });

  it("says the coins board ranks the month's coins, not the balance", async () => {
    await show({ "GET /users/leaderboard": () => json(200, leaderboard()) });
    expect(document.querySelector('[data-testid="month-coins-hint"]')?.textContent).toContain(
      "Pièces du mois : les Planify Coins gagnés depuis le 1er du mois",
    );
    expect(document.querySelector('[data-testid="month-coins-hint"]')?.textContent).toContain("ce n'est pas ton solde");
    expect(row("a")?.querySelector(".visually-hidden:last-child")?.textContent).toBe("990 pièces du mois");
  });

  it("the Factions filter links to the /factions page and closes the shop on the way", async () => {
    const onLeave = vi.fn();
    await show(
      { "GET /users/leaderboard": () => json(200, leaderboard()), "GET /factions/leaderboard": () => json(200, factionBoard()) },
      onLeave,
    );
    await act(async () => tabs()[2]!.click());
    await act(async () => tabs()[2]!.dispatchEvent(new MouseEvent("mousedown", { bubbles: true })));
    await settle();
    const link = [...document.querySelectorAll<HTMLAnchorElement>("a")].find((a) => a.textContent?.includes("voir la page Factions"));
    expect(link?.getAttribute("href")).toBe("/factions");
    await act(async () => link!.click());
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it("gives medals to the top 3, tags non-students, highlights the caller and pins them when outside the list", async () => {
    const me = rankedUser("me", 140, { username: "moi" });
    await show({
      "GET /users/leaderboard": () =>
        json(
          200,
          leaderboard({
            users: [rankedUser("a", 1), rankedUser("b", 2, { role: "delegue" }), rankedUser("c", 3), rankedUser("d", 4, { role: "prof" })],
            me,
          }),
        ),
    });
    const list = document.querySelector('ol[aria-label="Classement PlanifyCoins"]')!;
    expect([...list.querySelectorAll('[role="img"]')].map((m) => m.getAttribute("data-medal"))).toEqual(["gold", "silver", "bronze"]);
    expect(row("b")?.textContent).toContain("Délégué");
    expect(row("d")?.textContent).toContain("Professeur");
    expect(row("a")?.textContent).not.toContain("Étudiant");
    expect(document.body.textContent).toContain("Ta position");
    expect(row("me")?.getAttribute("data-me")).toBe("true");
    expect(row("me")?.textContent).toContain("#140");
  });

  it("highlights the caller inside the list without pinning a second row", async () => {
    await show({
      "GET /users/leaderboard": () => json(200, leaderboard({ users: [rankedUser("a", 1), rankedUser("me", 2)], me: rankedUser("me", 2) })),
    });
    expect(document.querySelectorAll('[data-testid="rank-row-me"]')).toHaveLength(1);
    expect(row("me")?.getAttribute("data-me")).toBe("true");
    expect(document.body.textContent).not.toContain("Ta position");
  });

  it("opens the profile of the user of a row (a button: Enter works as a click)", async () => {
    await show({ "GET /users/leaderboard": () => json(200, leaderboard()) });
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(OPEN_PROFILE_EVENT, listener);
    const button = row("c")!.querySelector("button")!;
    expect(button.getAttribute("type")).toBe("button");
    await act(async () => button.click());
    window.removeEventListener(OPEN_PROFILE_EVENT, listener);
    expect(seen).toEqual([{ userId: "c" }]);
  });

  it("shows a skeleton while loading, an empty state, and 'Réessayer' after a failure", async () => {
    await show({ "GET /users/leaderboard": () => new Promise<Response>(() => undefined) });
    expect(document.querySelector('[role="status"]')?.textContent).toContain("Chargement du classement");
    expect(document.querySelectorAll('li[class*="skeleton"]').length).toBeGreaterThan(0);
    await cleanup();

    await show({ "GET /users/leaderboard": () => json(500, { success: false, message: "Erreur interne", code: "INTERNAL" }) });
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Impossible de charger le classement.");
    const retry = routeFetch({ "GET /users/leaderboard": () => json(200, leaderboard({ users: [], total: 0 })) });
    vi.stubGlobal("fetch", retry.fetch);
    await act(async () => byText("Réessayer")!.click());
    await settle();
    expect(retry.calls).toHaveLength(1);
    expect(document.body.textContent).toContain("Personne n'est encore classé.");
  });
});
