import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, json, mount, routeFetch, signIn } from "../lib/social/test-fixtures";
import { saveLastBalance } from "../lib/economy/last-balance";
import { TopBarCoins } from "./top-bar-coins";

afterEach(async () => {
  await cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const pill = () => document.querySelector<HTMLButtonElement>('[data-testid="coin-balance"]');

async function showWith(answer: () => Response) {
  signIn();
  vi.stubGlobal("fetch", routeFetch({ "GET /coins/user-coins": answer }).fetch);
  await mount(<TopBarCoins />);
}

describe("the wallet pill of the top bar", () => {
  it("shows « — » and « Solde indisponible », never 0 and never an old amount as current, when the server answers an error", async () => {
    saveLastBalance("me", 1234);
    await showWith(() => json(500, { success: false, message: "Erreur serveur", code: "INTERNAL" }));
    await vi.waitFor(() => expect(pill()?.getAttribute("data-unavailable")).toBe("true"));
    expect(pill()!.textContent).toBe("—");
    expect(pill()!.title).toBe("Solde indisponible");
    expect(pill()!.getAttribute("aria-label")).toBe("Solde indisponible, ouvrir la boutique");
  });

  it("shows the amount the server gives", async () => {
    await showWith(() => json(200, { success: true, coins: 420, leaderboardCoins: 0, factionCoins: 0 }));
    await vi.waitFor(() => expect(pill()!.textContent).toBe("420"));
    expect(pill()!.hasAttribute("data-unavailable")).toBe(false);
  });
});
