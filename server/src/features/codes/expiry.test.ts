import { describe, expect, it } from "vitest";
import { parseExpiry } from "./service";

describe("reward-code expiry is read in Paris time", () => {
  it("a date alone lasts until the end of that Paris day", () => {
    expect(new Date(parseExpiry("2026-12-01")).toISOString()).toBe("2026-12-01T23:00:00.000Z");
    expect(new Date(parseExpiry("2026-07-01")).toISOString()).toBe("2026-07-01T22:00:00.000Z");
  });
  it("a date and time without offset is Paris wall-clock time", () => {
    expect(new Date(parseExpiry("2026-12-01T18:00")).toISOString()).toBe("2026-12-01T17:00:00.000Z");
    expect(new Date(parseExpiry("2026-07-01 18:00:00")).toISOString()).toBe("2026-07-01T16:00:00.000Z");
  });
  it("an explicit offset is kept, and nonsense is NaN", () => {
    expect(new Date(parseExpiry("2026-12-01T18:00:00Z")).toISOString()).toBe("2026-12-01T18:00:00.000Z");
    expect(parseExpiry("2026-13-45")).toBeNaN();
    expect(parseExpiry("demain")).toBeNaN();
  });
});
