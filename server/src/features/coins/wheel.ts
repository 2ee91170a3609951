import { WHEEL_PROTECTION_STREAK, type WheelSegment } from "@planify/common/constants/wheel";
import type { RandomInt } from "./daily-shop-draw";

/** Draws one segment with probability weight / sum of weights, from the given random source. */
export function drawSegment(segments: readonly WheelSegment[], random: RandomInt): WheelSegment {
  const total = segments.reduce((s, x) => s + x.weight, 0);
  let r = random(total);
  for (const segment of segments) {
    if (r < segment.weight) return segment;
    r -= segment.weight;
  }
  throw new Error("unreachable: empty wheel");
}

export interface SpinOutcome {
  lossStreak: number;
  protectionReady: boolean;
  protectionUsed: boolean;
}

/**
 * Streak rules: a loss adds 1 (capped at 2, then the protection is
 * ready); any win, Galaxie, and a spin made with the protection reset it to 0.
 */
export function nextStreak(previousStreak: number, segment: WheelSegment): SpinOutcome {
  const protectionUsed = previousStreak >= WHEEL_PROTECTION_STREAK;
  const lossStreak = segment.type === "lose" && !protectionUsed ? Math.min(WHEEL_PROTECTION_STREAK, previousStreak + 1) : 0;
  return { lossStreak, protectionReady: lossStreak >= WHEEL_PROTECTION_STREAK, protectionUsed };
}
