import { describe, expect, it } from "vitest";
import { formatCoins } from "./coins";

describe("formatCoins", () => {
  it.each([
    [0, "0"],
    [950, "950"],
    [9_999, "9 999"],
    [10_000, "10K"],
    [15_500, "15,5K"],
    [999_999, "999,9K"],
    [1_000_000, "1M"],
    [1_500_000, "1,5M"],
    [2_300_000_000, "2,3B"],
    [-12_000, "-12K"],
  ])("%d reads %s", (value, text) => {
    expect(formatCoins(value)).toBe(text);
  });
});
