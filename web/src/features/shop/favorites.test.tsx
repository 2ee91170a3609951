import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { ShopEntry } from "@planify/common/schemas/economy";
import { cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { DailyShopTab } from "./daily-shop-tab";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const entry = (over: Partial<ShopEntry>): ShopEntry => ({
  kind: "item",
  id: 6,
  legacyId: 6,
  colorId: null,
  name: "Roi",
  price: 300,
  basePrice: 300,
  type: "roi",
  color: null,
  gradient: null,
  owned: false,
  ...over,
});

const shop = {
  success: true,
  date: "2026-11-16",
  weeklyItems: [
    entry({}),
    entry({ id: 7, legacyId: 7, name: "Matrix" }),
    entry({ kind: "color", id: 103, legacyId: 103, colorId: "jaune", name: "Jaune", type: "border-color", color: "#ffd700" }),
  ],
  timeUntilReset: "14:00:00",
  nextReset: "2026-11-16T23:00:00.000Z",
};

const card = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
const heart = (itemId: number) => document.querySelector<HTMLButtonElement>(`[data-testid="favorite-${itemId}"]`)!;
const notice = () => document.querySelector('[data-testid="favorites-notice"]')?.textContent ?? null;

async function open(favorites: number[], routes: Parameters<typeof routeFetch>[0] = {}) {
  signIn();
  const stub = routeFetch({
    "GET /coins/weekly-items": () => json(200, shop),
    "GET /coins/favorites": () => json(200, { success: true, favorites }),
    "GET /items": () => json(200, { success: true, items: [] }),
    ...routes,
  });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<DailyShopTab balance={1000} onBought={() => undefined} />);
  await settle();
  return stub;
}

describe("favourites in the daily shop", () => {
  it("a favourite in today's draw is marked « Favori », and the notice says one is there", async () => {
    await open([7, 25]);
    expect(notice()).toBe("Un de vos favoris est dans la boutique du jour");
    expect(card("shop-item-7").dataset.featured).toBe("true");
    expect(card("shop-item-7").textContent).toContain("Favori");
    expect(card("shop-item-6").dataset.featured).toBeUndefined();
    expect(card("shop-item-6").textContent).not.toContain("Favori");
    expect(heart(7).getAttribute("aria-pressed")).toBe("true");
    expect(heart(7).getAttribute("aria-label")).toBe("Retirer des favoris : Matrix");
    expect(heart(6).getAttribute("aria-pressed")).toBe("false");
    expect(heart(6).getAttribute("aria-label")).toBe("Ajouter aux favoris : Roi");
  });

  it("no favourite on sale: no notice, no mark; two on sale: the notice counts them", async () => {
    await open([25]);
    expect(notice()).toBeNull();
    expect(document.querySelector("[data-featured]")).toBeNull();
    await cleanup();
    await open([6, 103]);
    expect(notice()).toBe("2 de vos favoris sont dans la boutique du jour");
    expect(card("shop-color-103").dataset.featured).toBe("true");
  });

  it("the heart fills at once, and the server's answer is kept", async () => {
    let answer: () => void = () => undefined;
    const { calls } = await open([], {
      "POST /coins/favorites/6": () =>
        new Promise((resolve) => {
          answer = () => resolve(json(200, { success: true, favorites: [6] }));
        }),
    });
    await act(async () => heart(6).click());
    // Optimistic: marked before the server answers.
    await vi.waitFor(() => expect(heart(6).getAttribute("aria-pressed")).toBe("true"));
    expect(notice()).toBe("Un de vos favoris est dans la boutique du jour");
    await act(async () => answer());
    await settle();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual(["/coins/favorites/6"]);
    expect(heart(6).getAttribute("aria-pressed")).toBe("true");
  });

  it("a refused change comes back, with a French toast", async () => {
    await open([7], {
      "DELETE /coins/favorites/7": () => json(500, { success: false, message: "Erreur interne du serveur", code: "INTERNAL" }),
    });
    await act(async () => heart(7).click());
    await vi.waitFor(() => expect(document.body.textContent).toContain("Impossible de retirer Matrix des favoris."));
    expect(heart(7).getAttribute("aria-pressed")).toBe("true");
    expect(card("shop-item-7").dataset.featured).toBe("true");
  });
});
