import { describe, expect, it } from "vitest";
import { checkRow, importGroup, importRole, importTrack, importYear } from "@planify/common/constants/class-import";
import { readClassList } from "./read-class-list";

describe("reading a class list", () => {
  it("reads a French Excel export (BOM, ';', quoted cells) by its headings", () => {
    const text =
      '\uFEFFIdentifiant;Prénom;Nom;Rôle;Année;Groupe;Parcours;Remarque\r\nnina.roy;Nina;"Roy; dite ""Nini""";Étudiante;BUT 1;a\';Développement Web;x\r\n\r\nm.blanc;Marc;Blanc;Professeur;;;\r\n';
    const read = readClassList(text);
    expect(read.problem).toBeNull();
    expect(read.ignored).toEqual(["Remarque"]);
    expect(read.rows).toEqual([
      {
        username: "nina.roy",
        firstName: "Nina",
        lastName: 'Roy; dite "Nini"',
        role: "Étudiante",
        year: "BUT 1",
        groupe: "a'",
        specialite: "Développement Web",
      },
      { username: "m.blanc", firstName: "Marc", lastName: "Blanc", role: "Professeur", year: "", groupe: "", specialite: "" },
    ]);
  });

  it("reads English headings with commas, and says when the username column is missing", () => {
    expect(readClassList("username,first name,last name,role,year\nlea,Léa,Martin,student,2\n").rows[0]).toMatchObject({
      username: "lea",
      role: "student",
      year: "2",
    });
    expect(readClassList("prénom;nom\nLéa;Martin").problem).toMatch(/Colonne « identifiant » introuvable/);
    expect(readClassList("").problem).toBe("Le fichier est vide.");
  });

  it("understands the usual spellings of roles, years, groups and tracks", () => {
    expect(["étudiant", "Élève", "", "DÉLÉGUÉ", "professeure", "Admin", "stagiaire"].map(importRole)).toEqual([
      "eleve",
      "eleve",
      "eleve",
      "delegue",
      "prof",
      "admin",
      null,
    ]);
    expect(["BUT1", "but 2", "3", "1re année", "", "BUT4"].map(importYear)).toEqual(["BUT1", "BUT2", "BUT3", "BUT1", "", null]);
    expect(["a", "A’", 'b"', "B''", "", "promo", "C"].map(importGroup)).toEqual(["A", "A'", 'B"', 'B"', "Promo", "Promo", null]);
    expect(["devweb", "Création numérique", "stratégie", "", "cuisine"].map(importTrack)).toEqual([
      "devweb",
      "creation",
      "strategie",
      "",
      null,
    ]);
    expect(checkRow({ username: " m.blanc ", role: "prof", year: "BUT2", groupe: "A" })).toMatchObject({
      ok: true,
      username: "m.blanc",
      year: "",
      groupe: "Promo",
    });
    expect(checkRow({ username: "x", role: "eleve" })).toEqual({ ok: false, errors: ["Année manquante (BUT1, BUT2 ou BUT3)."] });
  });
});
