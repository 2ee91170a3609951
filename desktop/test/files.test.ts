import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDialogOptions, type OpenDialogOptions, pickFiles } from "../src/main/files";

const dir = mkdtempSync(join(tmpdir(), "planify-pick-"));
const file = (name: string, content: string) => {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};

describe("file picker", () => {
  it("opens the system dialog filtered to the allowed types, without an 'all files' entry", () => {
    expect(openDialogOptions({ extensions: ["pdf", "doc", "docx", "zip", "rar"], multiple: true })).toEqual({
      title: "Choisir des fichiers",
      buttonLabel: "Choisir",
      filters: [{ name: "Fichiers acceptés (pdf, doc, docx, zip, rar)", extensions: ["pdf", "doc", "docx", "zip", "rar"] }],
      properties: ["openFile", "multiSelections"],
    });
    expect(openDialogOptions({ extensions: ["png"], multiple: false }).properties).toEqual(["openFile"]);
  });

  it("reads the chosen files with their names and types", async () => {
    const pdf = file("Compte rendu.PDF", "%PDF-1.7 rapport");
    const zip = file("tp.zip", "PK\u0003\u0004");
    let shown: OpenDialogOptions | undefined;
    const picked = await pickFiles(
      { extensions: ["pdf", "zip"], multiple: true },
      {
        showOpenDialog: async (o) => {
          shown = o;
          return [pdf, zip];
        },
      },
    );
    expect(shown?.filters[0]?.extensions).toEqual(["pdf", "zip"]);
    expect(picked.map((f) => [f.name, f.type, new TextDecoder().decode(f.bytes)])).toEqual([
      ["Compte rendu.PDF", "application/pdf", "%PDF-1.7 rapport"],
      ["tp.zip", "application/zip", "PK\u0003\u0004"],
    ]);
  });

  it("skips a file of another type typed into the dialog, and returns nothing when cancelled", async () => {
    const exe = file("virus.exe", "MZ");
    const pdf = file("ok.pdf", "%PDF");
    expect(
      (await pickFiles({ extensions: ["pdf"], multiple: true }, { showOpenDialog: async () => [exe, pdf] })).map((f) => f.name),
    ).toEqual(["ok.pdf"]);
    expect(await pickFiles({ extensions: ["pdf"], multiple: true }, { showOpenDialog: async () => [] })).toEqual([]);
  });

  it("a single-file picker keeps one file", async () => {
    const a = file("a.pdf", "1");
    const b = file("b.pdf", "2");
    expect((await pickFiles({ extensions: ["pdf"], multiple: false }, { showOpenDialog: async () => [a, b] })).map((f) => f.name)).toEqual([
      "a.pdf",
    ]);
  });
});
