import { describe, expect, it } from "vitest";
import { easeOutCubic, finalRotation, segmentAt, SPIN_TURNS } from "./wheel-math";

describe("wheel landing", () => {
  it("always stops on the segment the server drew", () => {
    for (const count of [6, 7, 8]) {
      for (let index = 0; index < count; index++) {
        for (const from of [0, 1.234, -5.5, 40.1]) {
          for (const offset of [0.15, 0.5, 0.85]) {
            const end = finalRotation(from, index, count, SPIN_TURNS, offset);
            expect(segmentAt(end, count)).toBe(index);
          }
        }
      }
    }
  });
  it("turns forward at least the requested number of full turns", () => {
    const end = finalRotation(2, 3, 8);
    expect(end - 2).toBeGreaterThanOrEqual(SPIN_TURNS * Math.PI * 2);
    expect(end - 2).toBeLessThan((SPIN_TURNS + 1) * Math.PI * 2);
  });
  it("eases out cubically", () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875);
  });
});
