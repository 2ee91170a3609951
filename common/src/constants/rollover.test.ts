import { describe, expect, it } from "vitest";
import { parseUsernameCsv } from "./rollover";

describe("parseUsernameCsv", () => {
  it("reads the column headed identifiant, skipping blanks, quotes and repeats", () => {
    expect(parseUsernameCsv('\uFEFFnom;identifiant\r\nDurand;"lea.durand"\n\nMartin; tom.martin \nDurand;lea.durand\n')).toEqual([
      "lea.durand",
      "tom.martin",
    ]);
  });
  it("without a heading, reads the first column", () => {
    expect(parseUsernameCsv("lea.durand,BUT1\ntom.martin,BUT2")).toEqual(["lea.durand", "tom.martin"]);
  });
});
