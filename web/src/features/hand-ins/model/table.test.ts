import { describe, expect, it } from "vitest";
import type { HandInRowDto } from "@planify/common/schemas/hand-ins";
import { filterRows, needsMarking, sortRows, studentName } from "./table";

function row(over: Partial<HandInRowDto> & Pick<HandInRowDto, "userId" | "lastName">): HandInRowDto {
  return {
    username: over.userId,
    firstName: "",
    groupe: "A",
    status: "non-rendu",
    submittedAt: null,
    lateByMs: 0,
    fileCount: 0,
    version: null,
    deadline: "2026-12-01T17:00:00.000Z",
    extended: false,
    exempt: false,
    open: true,
    reopened: false,
    feedback: "aucun",
    mark: null,
    publishedMark: null,
    publishedAt: null,
    ...over,
  };
}

const rows = [
  row({ userId: "u1", lastName: "Martin", firstName: "Léa", status: "rendu", submittedAt: "2026-12-01T10:00:00.000Z", mark: 12.5 }),
  row({ userId: "u2", lastName: "Élise", firstName: "Zoé", status: "en-retard", submittedAt: "2026-12-01T19:00:00.000Z" }),
  row({ userId: "u3", lastName: "Petit", firstName: "Emma", status: "non-rendu" }),
  row({ userId: "u4", lastName: "Durand", firstName: "Hugo", status: "dispense", exempt: true }),
  row({
    userId: "u5",
    lastName: "Bernard",
    firstName: "Paul",
    status: "rendu",
    submittedAt: "2026-12-01T08:00:00.000Z",
    mark: 18,
    feedback: "brouillon",
  }),
];
const ids = (list: HandInRowDto[]) => list.map((r) => r.userId);

describe("hand-in table: filter, search and sort", () => {
  it("keeps one status, or the copies still to mark", () => {
    expect(ids(filterRows(rows, "rendu", ""))).toEqual(["u1", "u5"]);
    expect(ids(filterRows(rows, "dispense", ""))).toEqual(["u4"]);
    // Bernard has a draft: no longer « À corriger »; Élise handed in late and has none.
    expect(ids(filterRows(rows, "a-corriger", ""))).toEqual(["u1", "u2"]);
    expect(filterRows(rows, "tous", "")).toHaveLength(5);
  });

  it("searches names without accents or case, every word", () => {
    expect(ids(filterRows(rows, "tous", "elise"))).toEqual(["u2"]);
    expect(ids(filterRows(rows, "tous", "LEA mar"))).toEqual(["u1"]);
    expect(ids(filterRows(rows, "tous", "u3"))).toEqual(["u3"]);
    expect(filterRows(rows, "rendu", "petit")).toEqual([]);
  });

  it("sorts by name in French order, by status with the late first, by date and mark with blanks last", () => {
    expect(ids(sortRows(rows, "nom"))).toEqual(["u5", "u4", "u2", "u1", "u3"]);
    expect(ids(sortRows(rows, "statut"))).toEqual(["u2", "u3", "u5", "u1", "u4"]);
    expect(ids(sortRows(rows, "date"))).toEqual(["u5", "u1", "u2", "u4", "u3"]);
    expect(ids(sortRows(rows, "note", true))).toEqual(["u5", "u1", "u4", "u2", "u3"]);
    expect(ids(sortRows(rows, "note"))).toEqual(["u1", "u5", "u4", "u2", "u3"]);
  });

  it("names a student « Nom Prénom », or by username without a name", () => {
    expect(studentName(rows[0]!)).toBe("Martin Léa");
    expect(studentName({ firstName: "", lastName: "", username: "x.y" })).toBe("x.y");
    expect(needsMarking(rows[2]!)).toBe(false);
  });
});
