import { describe, expect, it } from "vitest";
import { CATALOGUE } from "@planify/common/constants/catalogue";
import { BORDER_COLORS } from "@planify/common/constants/border-colors";
import { DECORATIONS } from "./decorations/registry";
import { borderPaint, resolveBorder } from "./border-paint";

describe("item art", () => {
  it("draws every fixed item but the bare classic border", () => {
    for (const item of CATALOGUE.filter((i) => i.id !== 0)) {
      const art = DECORATIONS[item.id]?.(0, "t");
      expect(art?.front ?? art?.back, `item ${item.id} ${item.name}`).toBeTruthy();
    }
    expect(DECORATIONS[0]).toBeUndefined();
  });
  it("draws each style variant of Discord and Jojo differently", () => {
    const discord = [0, 1, 2].map((v) => JSON.stringify(DECORATIONS[23]!(v, "t").front, (k, val) => (k === "_owner" ? undefined : val)));
    expect(new Set(discord).size).toBe(3);
    const jojo = [0, 1].map((v) => JSON.stringify(DECORATIONS[24]!(v, "t").front, (k, val) => (k === "_owner" ? undefined : val)));
    expect(new Set(jojo).size).toBe(2);
  });
  it("paints every colour and gradient, and falls back to the default", () => {
    for (const c of BORDER_COLORS) expect(borderPaint(c.id)).toBe(c.gradient ?? c.color);
    expect(resolveBorder("gold|dv=1|jv=0")).toMatchObject({ colorId: "gold", discordVariant: 1, jojoVariant: 0 });
    expect(resolveBorder("nope")).toMatchObject({ colorId: "default", paint: "#000000" });
    expect(resolveBorder(undefined).colorId).toBe("default");
  });
});
