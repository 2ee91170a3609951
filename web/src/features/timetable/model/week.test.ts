import { describe, expect, it } from "vitest";
import type { Slot } from "../api/timetable-api";
import { hourRange, mondayOf, placeDay, weekDays, weekLabel } from "./week";

const slot = (id: string, start: string, end: string): Slot => ({
  id,
  titre: id,
  matiere: "Anglais",
  type: "devoir",
  start: new Date(start),
  end: new Date(end),
  groupes: [],
  checked: false,
});

describe("week view", () => {
  it("starts weeks on Monday", () => {
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(mondayOf("2026-11-16")).toBe("2026-11-16");
    expect(weekDays("2026-11-16")).toHaveLength(7);
    expect(weekLabel("2026-11-30")).toBe("30 novembre – 6 décembre 2026");
  });
  it("places slots by Paris time, in summer and winter", () => {
    const [winter] = placeDay([slot("w", "2026-11-18T09:00:00Z", "2026-11-18T10:00:00Z")], "2026-11-18");
    expect(winter).toMatchObject({ top: 3 * 60, height: 60 });
    const [summer] = placeDay([slot("s", "2026-06-17T08:00:00Z", "2026-06-17T09:30:00Z")], "2026-06-17");
    expect(summer).toMatchObject({ top: 3 * 60, height: 90 });
  });
  it("puts overlapping slots side by side", () => {
    const placed = placeDay(
      [
        slot("a", "2026-11-18T09:00:00Z", "2026-11-18T10:00:00Z"),
        slot("b", "2026-11-18T09:30:00Z", "2026-11-18T10:30:00Z"),
        slot("c", "2026-11-18T12:00:00Z", "2026-11-18T13:00:00Z"),
      ],
      "2026-11-18",
    );
    expect(placed.map((p) => [p.slot.id, p.lane, p.lanes])).toEqual([
      ["a", 0, 2],
      ["b", 1, 2],
      ["c", 0, 1],
    ]);
  });
  it("stretches the grid so a 23:59 deadline and a 6:30 exam are drawn at their own time, not in the 7h row", () => {
    const late = slot("late", "2026-11-18T22:59:00Z", "2026-11-18T23:59:00Z"); // 23:59 → 00:59 Paris
    const early = slot("early", "2026-11-19T05:30:00Z", "2026-11-19T06:30:00Z"); // 6:30 Paris
    const days = weekDays("2026-11-16");
    expect(hourRange([], days)).toEqual({ first: 7, last: 21 });
    const range = hourRange([late, early], days);
    expect(range).toEqual({ first: 6, last: 24 });
    const [l] = placeDay([late], "2026-11-18", range);
    // In the 23h row (17 rows below 6h), ending at midnight.
    expect(l!.top).toBeGreaterThanOrEqual((23 - 6) * 60);
    expect(l!.top + l!.height).toBe((24 - 6) * 60);
    const [e] = placeDay([early], "2026-11-19", range);
    expect(e).toMatchObject({ top: 30, height: 60 });
  });
});
