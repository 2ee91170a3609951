import Papa from "papaparse";
import { fieldOfHeading, type ClassListRow } from "@planify/common/constants/class-import";

export interface ReadList {
  rows: ClassListRow[];
  /** Headings of the file that name no field (shown, so the admin sees what was left out). */
  ignored: string[];
  /** A French problem with the file as a whole, or null. */
  problem: string | null;
}

/**
 * Reads a class list exported by a spreadsheet: ',' or ';' (detected), a BOM, quoted cells;
 * columns are matched by their French or English headings.
 */
export function readClassList(text: string): ReadList {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy", delimitersToGuess: [";", ",", "\t"] });
  const [head, ...body] = parsed.data;
  if (!head) return { rows: [], ignored: [], problem: "Le fichier est vide." };
  const fields = head.map(fieldOfHeading);
  if (!fields.includes("username")) {
    return {
      rows: [],
      ignored: [],
      problem:
        "Colonne « identifiant » introuvable : la première ligne doit nommer les colonnes (identifiant, prénom, nom, rôle, année, groupe, parcours).",
    };
  }
  const rows = body.map((cells) => {
    const row: ClassListRow = { username: "" };
    fields.forEach((field, i) => {
      if (field) row[field] = (cells[i] ?? "").trim();
    });
    return row;
  });
  return { rows, ignored: head.filter((_, i) => !fields[i]), problem: rows.length ? null : "Aucune ligne sous les en-têtes." };
}
