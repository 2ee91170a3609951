import { describe, expect, it } from "vitest";
import { isParisWeekend, nextParisMidnight, parisDate, parisDayAndMinutes, parisToUtc } from "./paris-time";

describe("Paris time", () => {
  it("reads the Paris calendar date, not the UTC one", () => {
    expect(parisDate(Date.parse("2026-11-21T23:30:00Z"))).toBe("2026-11-22");
    expect(parisDate(Date.parse("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(parisDate(Date.parse("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });

  it("converts Paris wall-clock times with the right offset in winter and summer", () => {
    expect(new Date(parisToUtc("2026-01-15", "08:00")).toISOString()).toBe("2026-01-15T07:00:00.000Z");
    expect(new Date(parisToUtc("2026-07-15", "08:00")).toISOString()).toBe("2026-07-15T06:00:00.000Z");
  });

  it("finds the next midnight across both DST change days", () => {
    // 29 March 2026: clocks go 02:00 -> 03:00 (23-hour day).
    const spring = Date.parse("2026-03-29T10:00:00Z");
    expect(new Date(nextParisMidnight(spring)).toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(nextParisMidnight(Date.parse("2026-03-28T23:30:00Z")) - Date.parse("2026-03-28T23:00:00Z")).toBe(23 * 3_600_000);
    // 25 October 2026: clocks go 03:00 -> 02:00 (25-hour day).
    expect(nextParisMidnight(Date.parse("2026-10-24T22:30:00Z")) - Date.parse("2026-10-24T22:00:00Z")).toBe(25 * 3_600_000);
  });

  it("handles the spring gap and the autumn overlap", () => {
    expect(new Date(parisToUtc("2026-03-29", "02:30")).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(new Date(parisToUtc("2026-10-25", "02:30")).toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("knows Paris weekends", () => {
    expect(isParisWeekend(Date.parse("2026-11-21T12:00:00Z"))).toBe(true);
    expect(isParisWeekend(Date.parse("2026-11-20T23:30:00Z"))).toBe(true); // Saturday 00:30 in Paris
    expect(isParisWeekend(Date.parse("2026-11-23T08:00:00Z"))).toBe(false);
  });

  it("places an instant on its Paris day and minute, on both sides of a DST change", () => {
    expect(parisDayAndMinutes(Date.parse("2026-03-29T00:30:00Z"))).toEqual({ day: "2026-03-29", minutes: 90 });
    expect(parisDayAndMinutes(Date.parse("2026-03-29T01:30:00Z"))).toEqual({ day: "2026-03-29", minutes: 210 });
    expect(parisDayAndMinutes(Date.parse("2026-10-24T22:30:00Z"))).toEqual({ day: "2026-10-25", minutes: 30 });
  });
});
