import { describe, expect, it } from "vitest";
import type { ShopItem } from "@planify/common/schemas/items";
import { choiceOf, drawableOf, emptyDraft, emptyVariant, fromItem, nextVariantName, paintOf, toBody, type ItemDraft } from "./draft";
import { newLayer } from "./layers";
import { legacyIdForTest, saveFailure, validateDraft } from "./validate";

const filled = (patch: Partial<ItemDraft> = {}): ItemDraft => {
  const d = emptyDraft();
  d.variants[0]!.layers = [newLayer("/api/items/assets/a.png")];
  return { ...d, legacyId: "5001", name: "Couronne", price: "150", ...patch };
};

describe("item creator draft", () => {
  it("names the base 'Style' and new variants 'Variante N' without repeating a name", () => {
    const d = emptyDraft();
    expect(d.variants.map((v) => v.name)).toEqual(["Style"]);
    expect(nextVariantName(d.variants)).toBe("Variante 2");
    expect(nextVariantName([emptyVariant("Style"), emptyVariant("Variante 2")])).toBe("Variante 3");
    expect(nextVariantName([emptyVariant("Style"), emptyVariant("Variante 3"), emptyVariant("Bleu")])).toBe("Variante 4");
  });

  it("says what is wrong, in French, before anything is sent", () => {
    expect(validateDraft(filled({ legacyId: "" }))).toBe("Définis un ID (legacy) numérique.");
    expect(validateDraft(filled({ legacyId: "abc" }))).toBe("Définis un ID (legacy) numérique.");
    expect(validateDraft(filled({ name: "  " }))).toBe("Le nom est requis.");
    expect(validateDraft(filled({ price: "-5" }))).toBe("Le prix doit être un entier positif ou nul (100000 au plus).");
    expect(validateDraft({ ...filled(), variants: [emptyVariant("Style")] })).toBe(
      "Ajoutez au moins une image ou une variante en texte seul.",
    );
    const text = filled();
    text.variants.push({ ...emptyVariant("Variante 2"), textOnly: true });
    expect(validateDraft(text)).toBe("La variante « Variante 2 » est en texte seul : écrivez son texte.");
    expect(validateDraft(filled())).toBeNull();
  });

  it("asks for a legacy id before a shop test, and maps a taken id to its own message", () => {
    expect(legacyIdForTest("")).toEqual({ ok: false, message: "Veuillez définir un ID (legacy) pour l'item avant le test." });
    expect(legacyIdForTest("42")).toEqual({ ok: true, value: 42 });
    expect(saveFailure("legacyId déjà utilisé : 5001.", true)).toBe("ID déjà utilisé. Choisissez un autre legacyId.");
    expect(saveFailure(null, true)).toBe("Erreur création item");
    expect(saveFailure(null, false)).toBe("Erreur mise à jour");
    expect(saveFailure("Le nom est requis.", false)).toBe("Le nom est requis.");
  });

  it("stores backgrounds as CSS and reads them back", () => {
    expect(paintOf({ kind: "gradient", color: "#ff0000", color2: "#0000ff", angle: 90 })).toBe("linear-gradient(90deg, #ff0000, #0000ff)");
    expect(choiceOf("linear-gradient(90deg, #ff0000, #0000ff)")).toEqual({
      kind: "gradient",
      color: "#ff0000",
      color2: "#0000ff",
      angle: 90,
    });
    expect(choiceOf("#123456").kind).toBe("color");
    expect(choiceOf(null).kind).toBe("none");
  });

  it("sends the base as the item and every style as a variant once there are two, and reads it back", () => {
    const d = filled({ credits: "emma.petit et Lea" });
    d.variants[0]!.backgrounds.navbar = { kind: "color", color: "#ff0000", color2: "#000000", angle: 0 };
    d.variants.push({ ...emptyVariant("Variante 2"), textOnly: true, textContent: "GG" });
    const body = toBody(d);
    expect(body).toMatchObject({
      legacyId: 5001,
      price: 150,
      name: "Couronne",
      credits: "emma.petit et Lea",
      backgrounds: { navbar: "#ff0000" },
    });
    expect(body.assets).toHaveLength(1);
    expect(body.assets[0]).not.toHaveProperty("key");
    expect(body.variants?.map((v) => [v.name, v.textOnly, v.textContent])).toEqual([
      ["Style", false, ""],
      ["Variante 2", true, "GG"],
    ]);

    const saved = {
      ...body,
      id: 5001,
      _id: "c1",
      legacyId: 5001,
      img: null,
      price: 150,
      type: "generic",
      displayType: "generic",
      isDynamic: true,
      variantIndex: 0,
      infoOnly: false,
      infoDescription: "",
      availableInDailyShop: true,
      meta: { creatorIds: [], creatorUsernames: [] },
      creatorUsernames: [],
      removeNavbarBorder: false,
      removeLeaderboardBorder: false,
      removeProfilePopupBorder: false,
      hasDefaultText: false,
      defaultText: "",
      borderOpacity: 1,
      backgroundOpacity: 100,
      credits: "emma.petit et Lea",
      backgrounds: body.backgrounds ?? {},
      variants: body.variants ?? [],
    } as ShopItem;
    const back = fromItem(saved);
    expect(back.editingId).toBe("c1");
    expect(back.variants.map((v) => v.name)).toEqual(["Style", "Variante 2"]);
    expect(back.variants[0]!.backgrounds.navbar?.color).toBe("#ff0000");
    expect(toBody(back)).toEqual(body);
  });

  it("draws a single-style item without variants", () => {
    expect(drawableOf(filled()).variants).toEqual([]);
  });
});
