import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { ShopEntry } from "@planify/common/schemas/economy";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { PurchaseToast } from "./purchase-toast";

afterEach(async () => {
  vi.useRealTimers();
  await cleanup();
  vi.unstubAllGlobals();
});

const entry = {
  kind: "item",
  id: "8",
  legacyId: 8,
  name: "Ange",
  price: 600,
  type: "cosmetic",
  colorId: null,
  owned: true,
} as unknown as ShopEntry;
const toast = () => document.querySelector('[data-testid="purchase-toast"]');
const refunded = () =>
  json(200, {
    success: true,
    newCoins: 900,
    refunded: 600,
    itemId: 8,
    colorId: null,
    message: "Achat annulé : 600 Planify Coins te sont rendus.",
  });

async function show(answer: () => Response | Promise<Response>) {
  signIn();
  const seen: { body: unknown; key: string | null }[] = [];
  const stub = routeFetch({
    "POST /coins/refund": (init) => {
      seen.push({ body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get("Idempotency-Key") });
      return answer();
    },
  });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<PurchaseToast bought={{ entry, key: "cle-1" }} />);
  return seen;
}

describe("the purchase toast", () => {
  it("keeps « Bravo ! Tu as acheté … ! » and cancels once with « Annuler », even tapped twice", async () => {
    let release: (r: Response) => void = () => undefined;
    const seen = await show(
      () =>
        new Promise<Response>((r) => {
          release = r;
        }),
    );
    expect(toast()?.textContent).toContain("Bravo ! Tu as acheté Ange !");
    const button = byText("Annuler")!;
    expect(button.getAttribute("aria-label")).toBe("Annuler l'achat de Ange");
    await act(async () => {
      button.click();
      button.click();
    });
    expect(seen).toEqual([{ body: { itemId: 8 }, key: "cle-1" }]);
    await act(async () => release(refunded()));
    await settle();
    expect(toast()?.textContent).toBe("Achat annulé : 600 Planify Coins te sont rendus.");
  });

  it("shows the server's refusal in French", async () => {
    await show(() =>
      json(409, {
        success: false,
        code: "REFUND_TOO_LATE",
        message: "Trop tard : un achat ne s'annule que dans les 10 secondes qui suivent.",
      }),
    );
    await act(async () => byText("Annuler")!.click());
    await settle();
    expect(toast()?.textContent).toBe(
      "L'achat n'a pas pu être annulé. Trop tard : un achat ne s'annule que dans les 10 secondes qui suivent.",
    );
  });

  it("offers « Annuler » for 10 s only", async () => {
    vi.useFakeTimers();
    await show(refunded);
    await act(async () => vi.advanceTimersByTime(9_900));
    expect(byText("Annuler")).toBeDefined();
    await act(async () => vi.advanceTimersByTime(200));
    expect(toast()).toBeNull();
  });
});
