import { describe, expect, it } from "vitest";
import { giftColumns, giftMessage } from "./gift-entry";

describe("received-item popup layout", () => {
  it("uses 1, 2 or 3 columns", () => {
    expect([1, 2, 3, 7].map(giftColumns)).toEqual([1, 2, 3, 3]);
  });
  const NOW = Date.parse("2026-11-20T10:00:00.000Z");
  const ago = (ms: number) => new Date(NOW - ms).toISOString();

  it("shows the first non-empty admin message", () => {
    expect(
      giftMessage(
        [
          { itemId: 3, itemName: "Cash", adminMessage: "  ", purchaseDate: ago(0) },
          { itemId: 4, itemName: "Cible", adminMessage: "Bravo pour ton aide !", purchaseDate: ago(60_000) },
          { itemId: 6, itemName: "Roi", adminMessage: "Autre", purchaseDate: ago(0) },
        ],
        NOW,
      ),
    ).toEqual({ text: "Bravo pour ton aide !", fromTeam: true });
    expect(giftMessage([{ itemId: 3, itemName: "Cash" }], NOW)).toBeNull();
  });

  it("labels it as from the team only within 5 minutes of the gift", () => {
    const at = (purchaseDate?: string) =>
      giftMessage([{ itemId: 4, itemName: "Cible", adminMessage: "Bravo !", purchaseDate }], NOW)?.fromTeam;
    expect(at(ago(5 * 60_000))).toBe(true);
    expect(at(ago(5 * 60_000 + 1))).toBe(false);
    expect(at(ago(3 * 86_400_000))).toBe(false);
    expect(at(undefined)).toBe(false);
  });
});
