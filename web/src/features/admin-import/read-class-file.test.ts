import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeCsv, readClassFile } from "./read-class-file";
import { readClassList } from "./read-class-list";

// Written by other software than the reader (see fixtures/make-fixtures.py).
// (happy-dom gives import.meta.url no file path: the tests run from the repository root.)
const fixture = (name: string) => new Uint8Array(readFileSync(join(process.cwd(), "web/src/features/admin-import/fixtures", name)));

const EXPECTED = [
  {
    username: "lea.fixture",
    firstName: "Léa",
    lastName: "Lecœur",
    role: "Étudiante",
    year: "BUT 1",
    groupe: "A",
    specialite: "Développement web",
  },
  {
    username: "hugo.fixture",
    firstName: "Hugo",
    lastName: "N’Diaye",
    role: "Délégué",
    year: "2",
    groupe: "B",
    specialite: "Création numérique",
  },
  { username: "zoe.fixture", firstName: "Zoë", lastName: "Müller", role: "Professeure", year: "", groupe: "", specialite: "" },
  { username: "bruno.fixture", firstName: "Bruno", lastName: "Bel", role: "stagiaire", year: "BUT4", groupe: "Z", specialite: "" },
];

describe("reading a picked class-list file", () => {
  it("reads Excel's « CSV (séparateur : point-virgule) » in Windows-1252: « Léa », « Lecœur », « N’Diaye »", async () => {
    const file = await readClassFile("classe.csv", fixture("classe-excel-windows-1252.csv"));
    expect(file.note).toBe("Fichier « classe.csv » lu comme CSV (encodage Windows-1252).");
    expect(file.text).not.toContain("\uFFFD");
    expect(readClassList(file.text).rows).toEqual(EXPECTED);
  });

  it("reads UTF-8 with or without a BOM as UTF-8", () => {
    const plain = new TextEncoder().encode("identifiant;prénom\nlea;Léa\n");
    expect(decodeCsv(plain)).toEqual({ text: "identifiant;prénom\nlea;Léa\n", encoding: "UTF-8" });
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
    expect(decodeCsv(withBom)).toEqual({ text: "identifiant;prénom\nlea;Léa\n", encoding: "UTF-8" });
    // The same text from Excel: « é » is the single byte 0xE9, which UTF-8 would turn into « � ».
    expect(decodeCsv(new Uint8Array([0x4c, 0xe9, 0x61, 0x80]))).toEqual({ text: "Léa€", encoding: "Windows-1252" });
  });

  it("reads the first sheet of an .xlsx (numbers as the registrar typed them)", async () => {
    const file = await readClassFile("classe.xlsx", fixture("classe.xlsx"));
    expect(file.note).toBe("Feuille « Classe » du classeur « classe.xlsx » lue.");
    expect(readClassList(file.text).rows).toEqual(EXPECTED);
  });

  it("reads the first sheet of an .ods", async () => {
    const file = await readClassFile("classe.ods", fixture("classe.ods"));
    expect(file.note).toBe("Feuille « Classe » du classeur « classe.ods » lue.");
    expect(readClassList(file.text).rows).toEqual(EXPECTED);
  });

  it("says in French when a workbook is damaged", async () => {
    const broken = fixture("classe.xlsx").slice(0, 600);
    await expect(readClassFile("notes.xlsx", broken)).rejects.toThrow(
      "Classeur « notes.xlsx » illisible : enregistrez-le de nouveau au format .xlsx, .ods ou CSV.",
    );
  });
});
