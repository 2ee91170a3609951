import { describe, expect, it } from "vitest";
import { colorBody, colorFormOf, emptyColorForm, gradientOf } from "./color-form";

describe("border colour form", () => {
  it("builds the gradient from its stops and angle, or none for a plain colour", () => {
    const f = { ...emptyColorForm(), useGradient: true, stops: ["#ff0000", "#00ff00", "#0000ff"], angle: 45 };
    expect(gradientOf(f)).toBe("linear-gradient(45deg, #ff0000, #00ff00, #0000ff)");
    expect(gradientOf({ ...f, useGradient: false })).toBeNull();
  });

  it("refuses a bad id, a missing name, a negative price or a non-numeric legacy id, in French", () => {
    const ok = { ...emptyColorForm(), id: "lagon", name: "Lagon", price: "120" };
    expect(colorBody({ ...ok, id: "Lagon Bleu" })).toEqual({
      ok: false,
      message: "L'identifiant de couleur est requis : lettres minuscules, chiffres et tirets (40 au plus).",
    });
    expect(colorBody({ ...ok, name: " " })).toEqual({ ok: false, message: "Le nom est requis." });
    expect(colorBody({ ...ok, price: "-1" })).toMatchObject({
      ok: false,
      message: "Le prix doit être un entier positif ou nul (100000 au plus).",
    });
    expect(colorBody({ ...ok, legacyId: "x12" })).toEqual({ ok: false, message: "Définis un ID (legacy) numérique." });
    expect(colorBody({ ...ok, legacyId: "" })).toMatchObject({
      ok: true,
      body: { id: "lagon", legacyId: null, price: 120, gradient: null, availableInDailyShop: true },
    });
  });

  it("reads a saved gradient colour back into the builder", () => {
    const f = colorFormOf({
      id: "lagon",
      _id: "lagon",
      legacyId: 9001,
      name: "Lagon",
      color: "#00aabb",
      gradient: "linear-gradient(90deg, #00aabb, #ffffff)",
      price: 120,
      type: "border-gradient",
      availableInDailyShop: false,
      isDynamic: true,
    });
    expect(f).toMatchObject({
      editing: "lagon",
      useGradient: true,
      stops: ["#00aabb", "#ffffff"],
      angle: 90,
      legacyId: "9001",
      availableInDailyShop: false,
    });
    const derived = colorFormOf({
      id: "x",
      _id: "x",
      legacyId: -123,
      name: "X",
      color: "#000000",
      gradient: null,
      price: 0,
      type: "border-color",
      availableInDailyShop: true,
      isDynamic: true,
    });
    expect(derived.legacyId).toBe("");
  });
});
