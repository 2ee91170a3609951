import { describe, expect, it } from "vitest";
import { deWord, elidesBefore } from "./french";

describe("deWord (French elision of « de »)", () => {
  it.each([
    ["Intégration", "d'Intégration"],
    ["Hébergement", "d'Hébergement"],
    ["Histoire", "d'Histoire"],
    ["Anglais", "d'Anglais"],
    ["Écriture multimédia et narration", "d'Écriture multimédia et narration"],
    ["Économie et droit du numérique", "d'Économie et droit du numérique"],
    ["emma.petit", "d'emma.petit"],
    ["octobre", "d'octobre"],
    ["Yves", "d'Yves"],
    ["Maths", "de Maths"],
    ["Gestion de projet", "de Gestion de projet"],
    ["Handball", "de Handball"],
    ["Hockey sur glace", "de Hockey sur glace"],
    ["héros", "de héros"],
    ["HTML", "de HTML"],
    ["yoga", "de yoga"],
    ["2026", "de 2026"],
    ["", "de "],
  ])("de + %s → %s", (word, expected) => {
    expect(deWord(word)).toBe(expected);
  });

  it("looks past an opening quote", () => {
    expect(elidesBefore("« Atelier »")).toBe(true);
  });
});
