import { afterEach, describe, expect, it } from "vitest";
import { DYNAMIC_VARIANTS_KEY, loadDynamicVariants, saveDynamicVariants } from "./dynamic-variants";

afterEach(() => localStorage.clear());

describe("dynamic item variants in local storage", () => {
  it("keeps a user's choices and gives them back to that user only", () => {
    saveDynamicVariants("u1", { "31": 2, "40": 0 });
    expect(JSON.parse(localStorage.getItem(DYNAMIC_VARIANTS_KEY)!)).toEqual({ userId: "u1", variants: { "31": 2, "40": 0 } });
    expect(loadDynamicVariants("u1")).toEqual({ "31": 2, "40": 0 });
    expect(loadDynamicVariants("u2")).toEqual({});
  });
  it("ignores an unreadable or tampered entry", () => {
    localStorage.setItem(DYNAMIC_VARIANTS_KEY, "{not json");
    expect(loadDynamicVariants("u1")).toEqual({});
    localStorage.setItem(DYNAMIC_VARIANTS_KEY, JSON.stringify({ userId: "u1", variants: { "31": -1, "32": "2", "33": 1 } }));
    expect(loadDynamicVariants("u1")).toEqual({ "33": 1 });
  });
});
