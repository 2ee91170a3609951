import { describe, expect, it } from "vitest";
import { giftColumns, teamMessage } from "./gift-entry";

describe("received-item popup layout", () => {
  it("uses 1, 2 or 3 columns", () => {
    expect([1, 2, 3, 7].map(giftColumns)).toEqual([1, 2, 3, 3]);
  });
  it("shows the first non-empty admin message", () => {
    expect(teamMessage([
      { itemId: 3, itemName: "Cash", adminMessage: "  " },
      { itemId: 4, itemName: "Cible", adminMessage: "Bravo pour ton aide !" },
      { itemId: 6, itemName: "Roi", adminMessage: "Autre" },
    ])).toBe("Bravo pour ton aide !");
    expect(teamMessage([{ itemId: 3, itemName: "Cash" }])).toBeNull();
  });
});
