import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { UserCoinsResponse } from "@planify/common/schemas/economy";
import { COINS_KEYS } from "../../lib/economy/coins-api";
import { dispatchLiveEvent } from "../../lib/live/live-bus";
import { reportQuest } from "../../lib/quest-report";
import { cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { day, quest, today } from "./test-answers";
import { QuestsButton } from "./quests-button";

afterEach(async () => {
  await cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

let balance: () => number | undefined = () => undefined;
function Wallet() {
  const client = useQueryClient();
  balance = () => client.getQueryData<UserCoinsResponse>(COINS_KEYS.balance)?.coins;
  return null;
}

async function show(routes: Parameters<typeof routeFetch>[0]) {
  signIn();
  const stub = routeFetch(routes);
  vi.stubGlobal("fetch", stub.fetch);
  await mount(
    <>
      <QuestsButton />
      <Wallet />
    </>,
  );
  // The button reads today's quests 400 ms after sign-in: room for a loaded machine.
  await vi.waitFor(() => expect(stub.calls.some((c) => c.url === "/quests/daily")).toBe(true), { timeout: 5000 });
  await settle();
  return stub;
}

const button = () => document.querySelector<HTMLButtonElement>('[data-testid="quests-button"]')!;
const completes = (calls: ReturnType<typeof routeFetch>["calls"]) => calls.filter((c) => c.url === "/quests/complete");

describe("the top bar's quests button", () => {
  it("counts today's quests left in its badge and its name", async () => {
    await show({ "GET /quests/daily": () => json(200, day([quest("devoirs"), quest("visit-shop"), quest("connect", true)])) });
    expect(document.querySelector('[data-testid="quests-left"]')?.textContent).toBe("2");
    expect(button().getAttribute("aria-label")).toBe("Quêtes : 2 quêtes du jour à faire");
  });

  it("a reported quest is posted once a day, toasts « Quête terminée » with its reward and sets the new balance", async () => {
    const stub = await show({
      "GET /quests/daily": () => json(200, day([quest("devoirs"), quest("visit-shop"), quest("connect", true)])),
      "POST /quests/complete": () =>
        json(200, { success: true, questReward: 10, repeatableRewards: [{ id: "daily-10", reward: 50 }], coins: 1260 }),
    });
    act(() => {
      reportQuest("devoirs");
      reportQuest("devoirs");
    });
    await vi.waitFor(() => expect(document.body.textContent).toContain("Quête terminée : Consulter les devoirs (+10 Planify Coins)"));
    expect(document.body.textContent).toContain("Compléter 10 quêtes journalières (+50 Planify Coins)");
    expect(completes(stub.calls).map((c) => c.body)).toEqual([{ questId: "devoirs" }]);
    expect(balance()).toBe(1260);
    // Later the same day: nothing more is posted.
    act(() => reportQuest("devoirs"));
    await settle();
    expect(completes(stub.calls)).toHaveLength(1);
  });

  it("never posts a quest that is not among today's three, nor one already done", async () => {
    const stub = await show({ "GET /quests/daily": () => json(200, day([quest("devoirs"), quest("visit-shop", true), quest("connect")])) });
    act(() => {
      reportQuest("tab-exams-open");
      reportQuest("visit-shop");
    });
    await settle();
    expect(completes(stub.calls)).toHaveLength(0);
  });

  it("claims the daily bonus once the three are done and shows « Bonus journalier reçu »", async () => {
    const stub = await show({
      "GET /quests/daily": () => json(200, day([quest("devoirs", true), quest("visit-shop", true), quest("connect", true)])),
      "POST /quests/bonus": () => json(200, { success: true, amount: 50, coins: 900 }),
    });
    await vi.waitFor(() => expect(document.body.textContent).toContain("Bonus journalier reçu"));
    expect(document.body.textContent).toContain("Bonus journalier reçu : +50 Planify Coins");
    // A toast, never a popup over what the user is doing.
    expect(document.querySelector('[role="dialog"], [role="alertdialog"]')).toBeNull();
    expect(stub.calls.filter((c) => c.url === "/quests/bonus")).toHaveLength(1);
    expect(balance()).toBe(900);
    expect(document.querySelector('[data-testid="quests-left"]')).toBeNull();
    expect(button().getAttribute("aria-label")).toBe("Quêtes");
  });

  it("reads today's quests again when the coins move (a spin completed the last one), then claims the bonus", async () => {
    let spun = false;
    const stub = await show({
      "GET /quests/daily": () => json(200, day([quest("devoirs", true), quest("wheel-1", spun), quest("connect", true)])),
      "POST /quests/bonus": () => json(200, { success: true, amount: 50, coins: 960 }),
    });
    expect(document.querySelector('[data-testid="quests-left"]')?.textContent).toBe("1");
    spun = true;
    act(() => dispatchLiveEvent({ id: "1", kind: "coins", data: {} }));
    await vi.waitFor(() => expect(document.body.textContent).toContain("Bonus journalier reçu"));
    expect(stub.calls.filter((c) => c.url === "/quests/bonus")).toHaveLength(1);
    expect(document.querySelector('[data-testid="quests-left"]')).toBeNull();
  });

  it("does not claim a bonus already paid today", async () => {
    const stub = await show({
      "GET /quests/daily": () =>
        json(200, day([quest("devoirs", true), quest("visit-shop", true), quest("connect", true)], { bonusAwardedYmd: today() })),
    });
    await settle();
    expect(stub.calls.filter((c) => c.url === "/quests/bonus")).toHaveLength(0);
  });
});
