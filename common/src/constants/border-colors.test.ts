import { describe, expect, it } from "vitest";
import { BORDER_COLORS, DEFAULT_BORDER_COLOR_ID, borderColor, encodeColorSelection, parseColorSelection } from "./border-colors";
import { CATALOGUE, catalogueItem, DAILY_SHOP_ITEM_POOL } from "./catalogue";

describe("catalogue and border colours", () => {
  it("has items 0–28 without 5, and sells only 1–24", () => {
    expect(CATALOGUE.map((i) => i.id)).toEqual([0, 1, 2, 3, 4, ...Array.from({ length: 23 }, (_, i) => i + 6)]);
    expect(DAILY_SHOP_ITEM_POOL).toEqual([1, 2, 3, 4, ...Array.from({ length: 19 }, (_, i) => i + 6)]);
    expect(catalogueItem(8)?.price).toBe(600);
    expect([0, 25, 26, 27, 28].map((id) => catalogueItem(id)?.price)).toEqual([null, null, null, null, null]);
  });

  it("covers the legacy id ranges 100–143 and 200–231 with unique ids; black is free", () => {
    const legacy = BORDER_COLORS.map((c) => c.legacyId);
    expect(legacy).toEqual([...Array.from({ length: 44 }, (_, i) => 100 + i), ...Array.from({ length: 32 }, (_, i) => 200 + i)]);
    expect(new Set(BORDER_COLORS.map((c) => c.id)).size).toBe(BORDER_COLORS.length);
    expect(borderColor(DEFAULT_BORDER_COLOR_ID)).toMatchObject({ legacyId: 100, price: 0, name: "Noir" });
    expect(borderColor("g231")?.gradient).toMatch(/^linear-gradient/);
    expect(BORDER_COLORS.filter((c) => c.price === 0)).toHaveLength(1);
  });

  it("encodes and parses the composite colour id", () => {
    const s = { colorId: "g205", discordVariant: 2, jojoVariant: 1 };
    expect(encodeColorSelection(s)).toBe("g205:2:1");
    expect(parseColorSelection("g205:2:1")).toEqual(s);
    expect(parseColorSelection("red")).toEqual({ colorId: "red", discordVariant: 0, jojoVariant: 0 });
    for (const bad of ["", "nope", "red:3:0", "red:0:2", "red:0:0:0", "red:x"]) expect(parseColorSelection(bad)).toBeNull();
  });
});
