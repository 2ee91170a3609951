import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { day, quest, stats, today } from "./test-answers";
import QuestsPopup from "./quests-popup";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const boards = {
  "GET /quests/repeatable": () => json(200, { success: true, repeatable: [{ id: "tasks-10", progress: 40, reward: 50 }] }),
  "GET /quests/achievements": () => json(200, { success: true, achievements: ["ach-first-quest"] }),
  "GET /quests/stats": () => json(200, stats({ completedTasks: 3 })),
};

async function open(routes: Parameters<typeof routeFetch>[0]) {
  signIn();
  const stub = routeFetch({ ...boards, ...routes });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<QuestsPopup onClose={() => undefined} />);
  await settle();
  return stub;
}

const text = () => document.body.textContent ?? "";
const rerollButtons = () => [...document.querySelectorAll<HTMLButtonElement>("button")].filter((b) => /Re-roll/.test(b.textContent ?? ""));
const bar = (label: string) => document.querySelector(`[role="progressbar"][aria-label="${label}"]`);

describe("the quests popup", () => {
  it("keeps the room of three cards while today's quests load, and draws the repeatable quests and achievements at once", async () => {
    await open({ "GET /quests/daily": () => new Promise<Response>(() => undefined) });
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain("Quêtes");
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Chargement des quêtes…");
    expect(document.querySelectorAll('ul[aria-hidden="true"] li')).toHaveLength(3);
    expect(bar("Progression journalière")?.getAttribute("aria-busy")).toBe("true");
    expect(text()).toContain("Valider 10 tâches");
    expect(bar("Progression : Valider 10 tâches")?.getAttribute("aria-valuenow")).toBe("40");
    // Achievements: 3 of 10 tasks checked is 30 %; one unlocked is 100 %.
    expect(bar("Progression : Apprenti organisé")?.getAttribute("aria-valuenow")).toBe("30");
    expect(bar("Progression : Premier pas")?.getAttribute("aria-valuenow")).toBe("100");
  });

  it("says in French when today's quests cannot be read, and « Réessayer » reads them again", async () => {
    let fail = true;
    await open({
      "GET /quests/daily": () =>
        fail
          ? json(500, { success: false, message: "Erreur serveur", code: "INTERNAL" })
          : json(200, day([quest("devoirs"), quest("visit-shop", true), quest("connect", true)])),
    });
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Impossible de charger les quêtes du jour.");
    fail = false;
    await act(async () => byText("Réessayer")!.click());
    await settle();
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(text()).toContain("Consulter les devoirs");
    expect(text()).toContain("Progression journalière : 2/3");
    expect(bar("Progression : Visiter la boutique Planify")?.getAttribute("aria-valuenow")).toBe("100");
    expect(document.querySelectorAll('[aria-label="Quête complétée"]')).toHaveLength(2);
    expect(text()).toContain("Temps restant :");
  });

  it("names the leaderboard quest's target", async () => {
    await open({
      "GET /quests/daily": () =>
        json(200, day([quest("leaderboard-profile"), quest("devoirs"), quest("connect")], { targetLeaderboardName: "lea.martin" })),
    });
    expect(text()).toContain("Consulter le profil de lea.martin dans le leaderboard");
  });

  it("re-rolls only after the confirmation, then no re-roll is left and the bonus is reduced", async () => {
    const after = day([quest("tasks-archives"), quest("visit-shop"), quest("connect", true)], { rerollUsed: true, rerollIndex: 0 });
    const stub = await open({
      "GET /quests/daily": () => json(200, day([quest("devoirs"), quest("visit-shop"), quest("connect", true)])),
      "POST /quests/reroll": () => json(200, { success: true, ...after }),
    });
    expect(text()).toContain("Complétez les 3 quêtes pour débloquer le bonus : 50");
    // A done quest cannot be re-rolled.
    expect(rerollButtons().map((b) => b.disabled)).toEqual([false, false, true]);

    await act(async () => rerollButtons()[0]!.click());
    await vi.waitFor(() =>
      expect(text()).toContain("Êtes-vous sûr de re-roll cette quête ? Cela réduira le bonus de quêtes journalières."),
    );
    await act(async () => byText("Annuler")!.click());
    await settle();
    expect(stub.calls.filter((c) => c.url === "/quests/reroll")).toHaveLength(0);

    await act(async () => rerollButtons()[0]!.click());
    await settle();
    await act(async () => byText("Confirmer")!.click());
    await settle();
    expect(stub.calls.filter((c) => c.url === "/quests/reroll").map((c) => c.body)).toEqual([{ index: 0 }]);
    expect(text()).toContain("Consulter les archives des tâches");
    expect(rerollButtons()[0]!.textContent).toContain("Re-roll utilisé");
    expect(rerollButtons().every((b) => b.disabled)).toBe(true);
    expect(text()).toContain("Bonus réduit");
    expect(text()).toContain("Complétez les 3 quêtes pour débloquer le bonus : 25");
  });

  it("says when the day's bonus was received, and lights the bonus once the three are done", async () => {
    await open({
      "GET /quests/daily": () =>
        json(200, day([quest("devoirs", true), quest("visit-shop", true), quest("connect", true)], { bonusAwardedYmd: today() })),
    });
    const bonus = document.querySelector('[data-testid="quests-bonus-state"]')!;
    expect(bonus.textContent).toBe("Bonus journalier reçu : 50 Planify Coins");
    expect(bonus.closest("section")?.hasAttribute("data-active")).toBe(true);
    expect(text()).toContain("Progression journalière : 3/3");
    expect(bar("Progression journalière")?.getAttribute("aria-valuenow")).toBe("100");
  });

  it("shows the server's refusal of a re-roll", async () => {
    await open({
      "GET /quests/daily": () => json(200, day([quest("devoirs"), quest("visit-shop"), quest("connect")])),
      "POST /quests/reroll": () => json(429, { success: false, message: "Re-roll déjà utilisé aujourd’hui", code: "RATE_LIMITED" }),
    });
    await act(async () => rerollButtons()[1]!.click());
    await vi.waitFor(() => expect(byText("Confirmer")).toBeDefined());
    await act(async () => byText("Confirmer")!.click());
    await settle(10);
    expect(text()).toContain("Re-roll déjà utilisé aujourd’hui");
  });

  it("an achievement's click tells what it asks", async () => {
    await open({ "GET /quests/daily": () => json(200, day([quest("devoirs"), quest("visit-shop"), quest("connect")])) });
    const card = byText(/^Machine à accomplir/)!;
    expect(card.textContent).toBe("Machine à accomplir3 %");
    await act(async () => card.click());
    await vi.waitFor(() => expect(text()).toContain("Valider 100 tâches"));
  });
});
