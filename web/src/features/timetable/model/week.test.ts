import { describe, expect, it } from "vitest";
import type { Slot } from "../api/timetable-api";
import { mondayOf, placeDay, weekDays, weekLabel } from "./week";

const slot = (id: string, start: string, end: string): Slot => ({ id, titre: id, matiere: "Anglais", type: "devoir", start: new Date(start), end: new Date(end), groupes: [], checked: false });

describe("week view", () => {
  it("starts weeks on Monday", () => {
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(mondayOf("2026-11-16")).toBe("2026-11-16");
    expect(weekDays("2026-11-16")).toHaveLength(7);
    expect(weekLabel("2026-11-30")).toBe("30 novembre – 6 décembre 2026");
  });
  it("places slots by Paris time, in summer and winter", () => {
    const [winter] = placeDay([slot("w", "2026-11-18T09:00:00Z", "2026-11-18T10:00:00Z")], "2026-11-18");
    expect(winter).toMatchObject({ top: 3 * 60, height: 60, outside: false });
    const [summer] = placeDay([slot("s", "2026-06-17T08:00:00Z", "2026-06-17T09:30:00Z")], "2026-06-17");
    expect(summer).toMatchObject({ top: 3 * 60, height: 90 });
  });
  it("puts overlapping slots side by side and late ones above the grid", () => {
    const placed = placeDay([
      slot("a", "2026-11-18T09:00:00Z", "2026-11-18T10:00:00Z"),
      slot("b", "2026-11-18T09:30:00Z", "2026-11-18T10:30:00Z"),
      slot("c", "2026-11-18T22:59:00Z", "2026-11-18T23:30:00Z"),
    ], "2026-11-18");
    expect(placed.map((p) => [p.slot.id, p.lane, p.lanes, p.outside])).toEqual([["a", 0, 2, false], ["b", 1, 2, false], ["c", 0, 1, true]]);
  });
});
