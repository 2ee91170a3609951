import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { ClosedSeason } from "@planify/common/schemas/social";
import { clearSession } from "../../lib/session";
import { cleanup, factionBoard, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { FactionsPage } from "./factions-page";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const podium = (prefix: string, values: number[]) =>
  values.map((value, i) => ({ userId: `${prefix}${i}`, username: `${prefix}.${i}`, avatar: null, avatarVersion: 0, value, rank: i + 1 }));

const october: ClosedSeason = {
  month: "2026-10",
  closedAt: "2026-10-31T23:00:05.000Z",
  totals: { Bagnat: 15_200, Fermier: 9_800 },
  winner: "Bagnat",
  podiums: { coins: podium("c", [900, 800, 700]), tasks: podium("t", [30, 20, 10]), Bagnat: podium("b", [600, 500]), Fermier: [] },
};
const september: ClosedSeason = { ...october, month: "2026-09", winner: null, totals: { Bagnat: 500, Fermier: 500 } };

describe("the /factions page", () => {
  it("greets guests with what the page holds and the login prompt, without calling the server", async () => {
    clearSession();
    const { fetch, calls } = routeFetch({});
    vi.stubGlobal("fetch", fetch);
    await mount(<FactionsPage />);
    await settle();
    expect(document.querySelector("h1")?.textContent).toBe("Factions");
    expect(document.body.textContent).toContain("Connectez-vous pour rejoindre une faction");
    expect([...document.querySelectorAll("button")].some((b) => b.textContent === "Se connecter")).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it("shows the season and the time left, both factions spelled as this page spells them", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-23T20:00:00.000Z"), toFake: ["Date"] });
    signIn();
    vi.stubGlobal("fetch", routeFetch({ "GET /factions/leaderboard": () => json(200, factionBoard()) }).fetch);
    await mount(<FactionsPage />);
    await settle();
    const banner = document.querySelector('[data-testid="season-banner"]')!;
    expect(banner.textContent).toContain("Saison de novembre 2026");
    expect(banner.textContent).toContain("Fin dans 7 j 3 h");
    expect([...document.querySelectorAll("h2")].map((h) => h.textContent)).toEqual(["Bagna", "Fermier"]);
  });

  it("lists past seasons: month, totals, the winner or a tie, and the podiums", async () => {
    signIn();
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /factions/leaderboard": () => json(200, factionBoard()),
        "GET /factions/seasons": () => json(200, { success: true, seasons: [october, september] }),
      }).fetch,
    );
    await mount(<FactionsPage />);
    await settle();
    const past = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((t) => t.textContent === "Saisons passées")!;
    await act(async () => {
      past.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, button: 0 }));
      past.click();
    });
    await settle();
    const oct = document.querySelector('[data-testid="season-2026-10"]')!;
    expect(oct.querySelector("h2")?.textContent).toBe("Octobre 2026");
    expect(oct.textContent).toContain("Victoire de Bagna");
    expect(oct.textContent).toContain("15,2K");
    expect(oct.querySelectorAll('section[aria-label^="Podium"]')).toHaveLength(4);
    expect(oct.querySelector('section[aria-label="Podium Tâches complétées, Octobre 2026"]')?.textContent).toContain("t.0");
    expect(oct.querySelectorAll('[role="img"][aria-label^="Médaille d\'or"]')).toHaveLength(3);
    expect(oct.querySelector('section[aria-label="Podium Fermier, Octobre 2026"]')?.textContent).toContain("Personne");
    expect(document.querySelector('[data-testid="season-2026-09"]')?.textContent).toContain("Égalité");
  });
});
