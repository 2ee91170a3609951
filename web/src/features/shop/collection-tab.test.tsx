import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { cleanup, json, mount, routeFetch, signIn } from "../../lib/social/test-fixtures";
import { CollectionTab } from "./collection-tab";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const inventory = {
  success: true,
  coins: 100,
  purchasedItems: [],
  equippedItemId: null,
  selectedBorderColor: "default",
  dynamicItemVariants: {},
};

describe("the shop's collection", () => {
  it("says the collection could not load, with « Réessayer » (never loading forever), and shows it once a retry succeeds", async () => {
    signIn();
    let fail = true;
    const stub = routeFetch({
      "GET /coins/inventory": () =>
        fail ? json(500, { success: false, message: "Erreur interne du serveur", code: "INTERNAL" }) : json(200, inventory),
      "GET /items": () => json(200, { success: true, items: [] }),
    });
    vi.stubGlobal("fetch", stub.fetch);
    await mount(<CollectionTab />);
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toContain("Impossible de charger ta collection."));
    expect(document.body.textContent).not.toContain("Chargement de ta collection");
    fail = false;
    const retry = [...document.querySelectorAll("button")].find((b) => b.textContent === "Réessayer")!;
    await act(async () => retry.click());
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')).toBeNull());
    expect(document.body.textContent).not.toContain("Chargement de ta collection");
  });
});
