import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { InventoryResponse, PurchasedItem } from "@planify/common/schemas/economy";
import { INVENTORY_DELAY_MS } from "../../lib/economy/coins-api";
import { clearSession, saveLogin } from "../../lib/session";
import { fakeLogin } from "../../lib/test-session";
import { fakeBridge } from "../../lib/test-desktop-bridge";
import { GIFT_POPUP_DELAY_MS, GiftsWatcher } from "./gifts-watcher";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const item = (itemId: number, itemName: string, adminGiftRead: boolean): PurchasedItem => ({
  itemId,
  itemName,
  adminGiftRead,
  purchaseDate: "2026-11-20T08:00:00.000Z",
  equipped: false,
  adminMessage: "Bravo !",
  colorId: null,
});
const inventory = (items: PurchasedItem[]): InventoryResponse =>
  ({
    success: true,
    coins: 40,
    purchasedItems: items,
    equippedItemId: null,
    selectedBorderColor: "default",
    borderColors: ["default"],
    discordVariantIndex: 0,
    jojoVariantIndex: 0,
    dynamicItemVariants: {},
  }) as InventoryResponse;

let root: Root;
async function watch(inv: InventoryResponse) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(inv), { headers: { "Content-Type": "application/json" } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  root = createRoot(document.createElement("div"));
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <GiftsWatcher />
      </QueryClientProvider>,
    ),
  );
  for (const ms of [INVENTORY_DELAY_MS, 0, GIFT_POPUP_DELAY_MS, 0])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  saveLogin(fakeLogin(), true);
});
afterEach(async () => {
  await act(async () => root.unmount());
  delete (window as { planifyDesktop?: unknown }).planifyDesktop;
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a gift received raises a desktop notification", () => {
  it("one unseen gift: 'Cadeau reçu' with its name; gifts already seen and the default colour are not announced", async () => {
    const { bridge, calls } = fakeBridge();
    (window as { planifyDesktop?: unknown }).planifyDesktop = bridge;
    await watch(inventory([item(3, "Couronne", false), item(5, "Cible", true), item(0, "Bordure", false)]));
    expect(calls.notes).toEqual([{ title: "Cadeau reçu", body: "Vous avez reçu « Couronne »." }]);
  });

  it("several unseen gifts are counted in one notification", async () => {
    const { bridge, calls } = fakeBridge();
    (window as { planifyDesktop?: unknown }).planifyDesktop = bridge;
    await watch(inventory([item(3, "Couronne", false), item(7, "Cœur", false)]));
    expect(calls.notes).toEqual([{ title: "Cadeau reçu", body: "Vous avez reçu 2 objets." }]);
  });

  it("nothing unseen, nothing sent", async () => {
    const { bridge, calls } = fakeBridge();
    (window as { planifyDesktop?: unknown }).planifyDesktop = bridge;
    await watch(inventory([item(3, "Couronne", true)]));
    expect(calls.notes).toEqual([]);
  });
});
