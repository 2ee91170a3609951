import { describe, expect, it } from "vitest";
import { factionPrice, normalizeMultiplier, priceMultiplierProblem } from "./faction-price";

describe("faction prices", () => {
  it("charges base × multiplier rounded half up, in whole coins", () => {
    expect(factionPrice(100, 1.5)).toBe(150);
    expect(factionPrice(70, 1.15)).toBe(81); // 80.5 → 81, not the float's 80.4999…
    expect(factionPrice(150, 1.05)).toBe(158);
    expect(factionPrice(99, 0.5)).toBe(50);
    expect(factionPrice(1, 0.5)).toBe(1);
    expect(factionPrice(600, null)).toBe(600);
    expect(factionPrice(600)).toBe(600);
  });

  it("accepts 0.5 to 3 by steps of 0.05, with French messages", () => {
    for (const ok of [0.5, 1, 1.05, 1.15, 2.95, 3]) expect(priceMultiplierProblem(ok), String(ok)).toBeNull();
    expect(priceMultiplierProblem(0.45)).toBe("Le multiplicateur de prix doit être compris entre 0,5 et 3.");
    expect(priceMultiplierProblem(3.05)).toBe("Le multiplicateur de prix doit être compris entre 0,5 et 3.");
    expect(priceMultiplierProblem(1.23)).toBe("Le multiplicateur de prix va par pas de 0,05 (par exemple 1,25).");
    expect(priceMultiplierProblem(Number.NaN)).toBe("Le multiplicateur de prix doit être un nombre.");
    expect(priceMultiplierProblem("1.5")).toBe("Le multiplicateur de prix doit être un nombre.");
    expect(normalizeMultiplier(1.1500000001)).toBe(1.15);
  });
});
