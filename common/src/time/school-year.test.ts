import { describe, expect, it } from "vitest";
import { parisToUtc } from "./paris-time";
import { isSchoolYear, schoolYearAt, schoolYearBounds, schoolYearOfDate, shiftSchoolYear } from "./school-year";

describe("the school year", () => {
  it("starts on 1 August in Paris", () => {
    expect(schoolYearOfDate("2026-07-31")).toBe("2025-2026");
    expect(schoolYearOfDate("2026-08-01")).toBe("2026-2027");
    expect(schoolYearOfDate("2027-01-15")).toBe("2026-2027");
    // Read in Paris, not in UTC: 23:30 on 31 July is still last year, 00:10 on 1 August the new one.
    expect(schoolYearAt(parisToUtc("2026-07-31", "23:30"))).toBe("2025-2026");
    expect(schoolYearAt(parisToUtc("2026-08-01", "00:10"))).toBe("2026-2027");
  });

  it("names, bounds and shifts", () => {
    expect(isSchoolYear("2026-2027")).toBe(true);
    expect(isSchoolYear("2026-2028")).toBe(false);
    expect(isSchoolYear("2026")).toBe(false);
    expect(schoolYearBounds("2026-2027")).toEqual({ first: "2026-08-01", last: "2027-07-31" });
    expect(shiftSchoolYear("2026-2027", -2)).toBe("2024-2025");
    expect(() => shiftSchoolYear("nope", 1)).toThrow(RangeError);
  });
});
