import { describe, expect, it } from "vitest";
import { formatHms, formatHoursMinutes, msUntil } from "./time-format";

describe("time formats of the shop and the wheel", () => {
  it("shows the daily-shop countdown as hh:mm:ss", () => {
    expect(formatHms(((5 * 60 + 7) * 60 + 9) * 1000)).toBe("05:07:09");
    expect(formatHms(-5)).toBe("00:00:00");
  });
  it("shows the next spin in hours and minutes, rounded up", () => {
    expect(formatHoursMinutes((3 * 60 + 4) * 60_000 + 1)).toBe("3 h 05 min");
    expect(formatHoursMinutes(59_000)).toBe("1 min");
  });
  it("counts down to an ISO instant", () => {
    expect(msUntil("2026-11-23T00:00:00.000Z", Date.parse("2026-11-22T23:00:00.000Z"))).toBe(3_600_000);
    expect(msUntil("nope")).toBe(0);
  });
});
