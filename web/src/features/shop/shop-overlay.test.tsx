import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { cleanup, json, leaderboard, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import ShopOverlay from "./shop-overlay";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const sectionTabs = () =>
  [...document.querySelectorAll('[role="tablist"][aria-label="Sections de la boutique"] [role="tab"]')].map((t) => t.textContent);
const toggle = () => document.querySelector<HTMLButtonElement>('[data-testid="leaderboard-toggle"]');
const toggleAnswer = (enabled: boolean) =>
  json(200, { success: true, message: "ok", leaderboardEnabled: enabled, user: { id: "me", _id: "me", leaderboardEnabled: enabled } });

async function open(user: Parameters<typeof signIn>[0], routes: Parameters<typeof routeFetch>[0] = {}) {
  signIn(user);
  const stub = routeFetch({ "GET /users/leaderboard": () => json(200, leaderboard()), ...routes });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<ShopOverlay onClose={() => undefined} />);
  await settle();
  return stub;
}

describe("who sees the shop's Leaderboard tab", () => {
  it.each([["eleve"], ["delegue"], ["admin"]])("%s always sees it, with no switch", async (role) => {
    // Even with the flag off: the rule is the role's, not the flag's.
    await open({ role, leaderboardEnabled: false });
    expect(sectionTabs()).toContain("Leaderboard");
    expect(toggle()).toBeNull();
  });

  it("a professor sees it only after opting in, and opting in opens it", async () => {
    const { calls } = await open({ role: "prof", leaderboardEnabled: false }, { "PUT /users/me/leaderboard": () => toggleAnswer(true) });
    expect(sectionTabs()).not.toContain("Leaderboard");
    expect(document.body.textContent).toContain("Participer au classement");
    expect(toggle()?.getAttribute("aria-checked")).toBe("false");
    await act(async () => toggle()!.click());
    await settle();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ enabled: true });
    expect(sectionTabs()).toContain("Leaderboard");
    expect(toggle()?.getAttribute("aria-checked")).toBe("true");
    const selected = document.querySelector('[role="tablist"][aria-label="Sections de la boutique"] [aria-selected="true"]');
    expect(selected?.textContent).toBe("Leaderboard");
    expect(document.querySelector('[aria-label="Filtres du classement"]')).not.toBeNull();
  });

  it("a professor who opts out loses the tab", async () => {
    await open({ role: "prof", leaderboardEnabled: true }, { "PUT /users/me/leaderboard": () => toggleAnswer(false) });
    expect(sectionTabs()).toContain("Leaderboard");
    await act(async () => toggle()!.click());
    await settle();
    expect(sectionTabs()).not.toContain("Leaderboard");
  });

  it("says so when the switch cannot be saved, and keeps the tab hidden", async () => {
    await open(
      { role: "prof", leaderboardEnabled: false },
      { "PUT /users/me/leaderboard": () => json(500, { success: false, message: "Erreur interne", code: "INTERNAL" }) },
    );
    await act(async () => toggle()!.click());
    await settle();
    // The app's toast (Radix: announced through its own live region, shown in the « Notifications » viewport).
    expect([...document.querySelectorAll('[data-testid="toast"]')].map((s) => s.textContent)).toContain(
      SOCIAL_MESSAGES.leaderboardToggleFailed,
    );
    expect(sectionTabs()).not.toContain("Leaderboard");
    expect(toggle()?.getAttribute("aria-checked")).toBe("false");
  });
});
