import { describe, expect, it } from "vitest";
import {
  checkLegacyId,
  checkPrice,
  dynamicColorItemId,
  isCssBackground,
  isCssColor,
  isCssGradient,
  isFixedColorId,
  isFixedLegacyId,
  isValidColorId,
  matchCreators,
  normalizeUsername,
  parseCredits,
} from "./item-creator";

describe("credits", () => {
  it("splits on , ; & + / \\ and the words et, and, ou", () => {
    expect(parseCredits("Léa, Tom; Zoé & Max + Ana / Bob \\ Eve et Paul and Kim ou Lou")).toEqual([
      "Léa",
      "Tom",
      "Zoé",
      "Max",
      "Ana",
      "Bob",
      "Eve",
      "Paul",
      "Kim",
      "Lou",
    ]);
  });

  it("keeps words that only contain et/ou, drops empty pieces and duplicates", () => {
    expect(parseCredits(" Etienne ,, Louis;etienne ")).toEqual(["Etienne", "Louis"]);
    expect(parseCredits("")).toEqual([]);
  });

  it("matches usernames with accents, case and spaces ignored, and drops unknown names", () => {
    const users = [
      { id: "u1", username: "Chloé Martin" },
      { id: "u2", username: "lucas.bernard" },
    ];
    expect(matchCreators("chloe martin et LUCAS.BERNARD, inconnu", users)).toEqual({
      creatorIds: ["u1", "u2"],
      creatorUsernames: ["Chloé Martin", "lucas.bernard"],
    });
    expect(matchCreators("ChloéMartin / chloe  martin", users).creatorIds).toEqual(["u1"]);
    expect(normalizeUsername(" Élodie  Dupré ")).toBe("elodiedupre");
  });
});

describe("dynamic colour ids", () => {
  it("are negative, stable and differ between colour ids", () => {
    const a = dynamicColorItemId("menthe-givree");
    expect(a).toBeLessThan(0);
    expect(dynamicColorItemId("menthe-givree")).toBe(a);
    expect(dynamicColorItemId("menthe-givree2")).not.toBe(a);
    expect(dynamicColorItemId("")).toBeLessThan(0);
  });
});

describe("legacy ids and prices", () => {
  it("accepts whole numbers 1 to 999999999, as numbers or numeric text", () => {
    expect(checkLegacyId(500)).toEqual({ ok: true, value: 500 });
    expect(checkLegacyId(" 42 ")).toEqual({ ok: true, value: 42 });
    expect(checkLegacyId("abc")).toEqual({ ok: false, message: "Définis un ID (legacy) numérique." });
    expect(checkLegacyId(1.5)).toMatchObject({ ok: false, message: "Définis un ID (legacy) numérique." });
    expect(checkLegacyId(0)).toMatchObject({ ok: false });
    expect(checkLegacyId(-3)).toMatchObject({ ok: false });
  });

  it("knows the fixed catalogue's numbers and colour ids", () => {
    expect(isFixedLegacyId(23)).toBe(true);
    expect(isFixedLegacyId(114)).toBe(true);
    expect(isFixedLegacyId(5)).toBe(false);
    expect(isFixedLegacyId(500)).toBe(false);
    expect(isFixedColorId("ocean")).toBe(true);
    expect(isFixedColorId("default")).toBe(true);
    expect(isFixedColorId("menthe")).toBe(false);
  });

  it("prices are whole numbers from 0 to 100000", () => {
    expect(checkPrice(0)).toEqual({ ok: true, value: 0 });
    expect(checkPrice("150")).toEqual({ ok: true, value: 150 });
    expect(checkPrice(-1)).toMatchObject({ ok: false, message: "Le prix doit être un entier positif ou nul (100000 au plus)." });
    expect(checkPrice(100001)).toMatchObject({ ok: false });
    expect(checkPrice("")).toMatchObject({ ok: false });
  });
});

describe("colour ids and CSS values", () => {
  it("colour ids are lowercase words with dashes, never a composite", () => {
    expect(isValidColorId("menthe-givree")).toBe(true);
    expect(isValidColorId("Menthe")).toBe(false);
    expect(isValidColorId("a|dv=1")).toBe(false);
    expect(isValidColorId("")).toBe(false);
  });

  it("accepts colours and linear gradients, refuses anything that could load or run", () => {
    expect(isCssColor("#0af")).toBe(true);
    expect(isCssColor("rgba(0, 10, 20, 0.5)")).toBe(true);
    expect(isCssColor("red; background:url(x)")).toBe(false);
    expect(isCssGradient("linear-gradient(90deg, #ff0000, #00ff00 50%, rgba(0,0,255,0))")).toBe(true);
    expect(isCssGradient("linear-gradient(to top right, #fff, #000)")).toBe(true);
    expect(isCssGradient("linear-gradient(90deg, url(http://x), #000)")).toBe(false);
    expect(isCssGradient("linear-gradient(#fff)")).toBe(false);
    expect(isCssBackground("expression(alert(1))")).toBe(false);
  });
});
