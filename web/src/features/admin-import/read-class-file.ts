import { IMPORT_MAX_ROWS } from "@planify/common/constants/class-import";

/** What a picked file gives the import: the list as text (';' between cells) and how it was read. */
export interface ClassFile {
  text: string;
  /** A French line telling the admin how the file was read. */
  note: string;
}

export type TextEncoding = "UTF-8" | "Windows-1252";

/**
 * Decodes a CSV file: UTF-8 (with or without BOM) when the bytes are valid UTF-8, else
 * Windows-1252, which Excel writes for « CSV (séparateur : point-virgule) » on a French PC.
 * (A Windows-1252 file of French text is almost never valid UTF-8: « é » alone is 0xE9.)
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "Windows-1252" };
  }
}

/** .xlsx and .ods are ZIP archives: they start with « PK\3\4 », whatever the file is called. */
const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Thrown with a French message when a workbook cannot be read. */
export class ClassFileError extends Error {}

/**
 * Reads a picked class list: a CSV in either encoding, or the first sheet of an .xlsx or .ods
 * workbook (the spreadsheet reader loads only then: it is large and only admins need it).
 */
export async function readClassFile(name: string, bytes: Uint8Array): Promise<ClassFile> {
  if (!isZip(bytes)) {
    const { text, encoding } = decodeCsv(bytes);
    return { text, note: `Fichier « ${name} » lu comme CSV (encodage ${encoding}).` };
  }
  const XLSX = await import("@e965/xlsx");
  let book: import("@e965/xlsx").WorkBook;
  try {
    // A header row plus the most rows one import may check: a huge sheet is not read whole.
    book = XLSX.read(bytes, { type: "array", sheetRows: IMPORT_MAX_ROWS + 1, cellFormula: false, cellHTML: false, cellStyles: false });
  } catch {
    throw new ClassFileError(`Classeur « ${name} » illisible : enregistrez-le de nouveau au format .xlsx, .ods ou CSV.`);
  }
  const first = book.SheetNames[0];
  const sheet = first === undefined ? undefined : book.Sheets[first];
  if (!sheet) throw new ClassFileError(`Le classeur « ${name} » ne contient aucune feuille.`);
  const text = XLSX.utils.sheet_to_csv(sheet, { FS: ";", blankrows: false, strip: true });
  const others = book.SheetNames.length - 1;
  const rest = others > 0 ? ` (les ${others} autre${others > 1 ? "s" : ""} feuille${others > 1 ? "s sont ignorées" : " est ignorée"})` : "";
  return { text, note: `Feuille « ${first} » du classeur « ${name} » lue${rest}.` };
}
