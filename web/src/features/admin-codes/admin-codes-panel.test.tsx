import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { RewardCode } from "@planify/common/schemas/economy";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { field, typeInto } from "../../lib/test-input";
import { AdminCodesPanel } from "./admin-codes-panel";
import { CODE_ITEMS, GIFTABLE_ITEMS, REWARD_COLORS } from "../../components/admin/reward-options";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const click = (el: HTMLElement | undefined) => act(async () => el!.click());
const code = (over: Partial<RewardCode> = {}): RewardCode => ({
  id: "c1",
  _id: "c1",
  code: "ABCD2345",
  rewardType: "item",
  payload: {
    items: [
      { itemId: 25, itemName: "Galaxie" },
      { itemId: 1, itemName: "Oreilles de chat" },
    ],
    itemId: 25,
    itemName: "Galaxie",
    colors: [],
    colorId: null,
  },
  usedCount: 3,
  maxUses: 10,
  expiresAt: "2030-01-15T17:30:00.000Z",
  createdAt: "2026-11-01T10:00:00.000Z",
  ...over,
});
const pickerLabels = () => [...document.querySelectorAll("[data-picker] label")].map((l) => l.textContent);

async function open(routes: Parameters<typeof routeFetch>[0] = {}, codes: RewardCode[] = [code()]) {
  signIn({ role: "admin", isAdmin: true });
  const stub = routeFetch({ "GET /redeem-codes": () => json(200, { success: true, codes }), ...routes });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<AdminCodesPanel />);
  await settle();
  return stub;
}

describe("the reward codes panel", () => {
  it("offers only giftable items: no classic border, no Prestige or Planify, nothing from 100 up", () => {
    const ids = GIFTABLE_ITEMS.map((o) => Number(o.value));
    expect(ids).not.toContain(0);
    expect(ids).not.toContain(27);
    expect(ids).not.toContain(28);
    expect(ids).toContain(25);
    expect(ids.every((id) => id > 0 && id < 100)).toBe(true);
    expect(GIFTABLE_ITEMS.some((o) => o.name.toLowerCase().startsWith("bordure"))).toBe(false);
    expect(REWARD_COLORS.some((o) => o.value === "default")).toBe(false);
  });

  it("offers Prestige (27) in codes but never Planify (28) nor the classic border", async () => {
    const ids = CODE_ITEMS.map((o) => Number(o.value));
    expect(ids).toContain(27);
    expect(ids).not.toContain(28);
    expect(ids).not.toContain(0);
    await open();
    await typeInto(field("Filtrer"), "presti");
    expect(pickerLabels()).toEqual(["Prestige (#27)"]);
    await typeInto(field("Filtrer"), "planify");
    expect(pickerLabels()).toEqual([]);
  });

  it("lists codes with uses/max, Paris expiry and reward names, and filters the picker", async () => {
    await open();
    const row = document.querySelector('[aria-label="Codes existants"] li')!.textContent!;
    expect(row).toContain("ABCD2345");
    expect(row).toContain("Utilisations : 3/10");
    expect(row).toContain("Expire le 15/01/2030 18:30");
    expect(row).toContain("Galaxie, Oreilles de chat");
    await typeInto(field("Filtrer"), "galax");
    expect(pickerLabels()).toEqual(["Galaxie (#25)"]);
  });

  it("asks for at least one item or colour before calling the server", async () => {
    const { calls } = await open();
    await click(byText("Générer un code"));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Choisissez au moins un item");
    await click(document.querySelector<HTMLInputElement>('input[value="border-color"]')!);
    await click(byText("Générer un code"));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Choisissez au moins une couleur");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("generates a code with the chosen settings (expiry in Paris time), then copies it", async () => {
    const { calls } = await open({
      "POST /redeem-codes/generate": () =>
        json(201, { success: true, code: "XYZW2345QR", message: "Code XYZW2345QR créé.", redeemCode: code({ code: "XYZW2345QR" }) }),
    });
    await typeInto(field("Longueur"), "10");
    await typeInto(field("Utilisations max"), "50");
    await typeInto(field("Expiration"), "2030-06-01");
    await typeInto(field("Heure (Paris)"), "08:00");
    await typeInto(field("Filtrer"), "galax");
    await click(document.querySelector<HTMLInputElement>("[data-picker] input")!);
    await click(byText("Générer un code"));
    await settle();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      rewardType: "item",
      length: 10,
      maxUses: 50,
      expiresAt: "2030-06-01T08:00",
      items: [{ itemId: 25, itemName: "Galaxie" }],
    });
    expect(document.body.textContent).toContain("Dernier code : XYZW2345QR");

    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    await click(byText("Copier le code"));
    expect(writeText).toHaveBeenCalledWith("XYZW2345QR");
    expect(document.querySelector('[role="status"]')?.textContent).toContain("Code copié !");
    writeText.mockRejectedValueOnce(new Error("denied"));
    await click(byText("Copier le code"));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Impossible de copier automatiquement");
  });

  it("deletes a code only after the confirmation, and says 'Suppression impossible: …' on failure", async () => {
    const { calls } = await open({
      "DELETE /redeem-codes/c1": () => json(404, { success: false, message: "Code introuvable.", code: "NOT_FOUND" }),
    });
    await click(byText("Supprimer", '[aria-label="Codes existants"] button'));
    // The confirmation popup loads on first use.
    await vi.waitFor(() =>
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain("Le code ABCD2345 ne pourra plus être utilisé."),
    );
    await click(byText("Annuler"));
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
    await click(byText("Supprimer", '[aria-label="Codes existants"] button'));
    await click(byText("Supprimer", '[role="dialog"] button'));
    await settle();
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Suppression impossible: Code introuvable.");
  });
});
