import { describe, expect, it } from "vitest";
import { formatDelay } from "./delay";

describe("formatDelay", () => {
  it("writes a delay in French words, dropping zero parts, at least a minute", () => {
    expect(formatDelay(2 * 3_600_000)).toBe("2 h");
    expect(formatDelay(2 * 3_600_000 + 5 * 60_000)).toBe("2 h 5 min");
    expect(formatDelay(3 * 86_400_000 + 3_600_000)).toBe("3 j 1 h");
    expect(formatDelay(86_400_000)).toBe("1 j");
    expect(formatDelay(12 * 60_000)).toBe("12 min");
    expect(formatDelay(10_000)).toBe("1 min");
  });
});
