import { describe, expect, it } from "vitest";
import { PERSONAL_MESSAGES as M } from "../constants/personal-tasks";
import { personalDateRange, personalTaskProblem } from "./personal-tasks";

const ok = { titre: "Réviser", date: "2026-11-20", heure: "18:00", note: "" };
const TODAY = "2026-11-16";

describe("personal task rules (the form and the server share them)", () => {
  it("accepts a valid task and names each broken rule in French", () => {
    expect(personalTaskProblem(ok, TODAY)).toBeNull();
    expect(personalTaskProblem({ ...ok, titre: "   " }, TODAY)).toBe(M.titleRequired);
    expect(personalTaskProblem({ ...ok, titre: "x".repeat(121) }, TODAY)).toBe(M.titleTooLong);
    expect(personalTaskProblem({ ...ok, date: "" }, TODAY)).toBe(M.dateRequired);
    expect(personalTaskProblem({ ...ok, heure: "" }, TODAY)).toBe(M.timeRequired);
    expect(personalTaskProblem({ ...ok, note: "x".repeat(2001) }, TODAY)).toBe(M.noteTooLong);
  });

  it("dates run from a year ago to two years ahead; an edit may keep an older stored date", () => {
    expect(personalDateRange(TODAY)).toEqual({ min: "2025-11-16", max: "2028-11-15" });
    expect(personalTaskProblem({ ...ok, date: "2025-11-16" }, TODAY)).toBeNull();
    expect(personalTaskProblem({ ...ok, date: "2025-11-15" }, TODAY)).toBe(M.dateOutOfRange);
    expect(personalTaskProblem({ ...ok, date: "2028-11-16" }, TODAY)).toBe(M.dateOutOfRange);
    expect(personalTaskProblem({ ...ok, date: "2025-01-01" }, TODAY, "2025-01-01")).toBeNull();
    expect(personalTaskProblem({ ...ok, date: "2025-01-01", note: "x".repeat(2001) }, TODAY, "2025-01-01")).toBe(M.noteTooLong);
  });
});
