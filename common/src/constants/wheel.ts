/**
 * Fortune-wheel tables. Weights are in thousandths and are
 * relative: the draw normalises by their sum (0.98 on a weekday with Galaxie).
 */
export type WheelSegmentType = "coins" | "lose" | "galaxy";

export interface WheelSegment {
  /** Stable key: "c20"…"c270", "perdu", "galaxie". */
  key: string;
  label: string;
  type: WheelSegmentType;
  coins: number;
  weight: number;
  color: string;
  /** For the Galaxie segment, the stops of its gradient. */
  gradientStops?: string[];
}

export const WHEEL_BASE_AMOUNTS = [20, 40, 80, 120, 160, 180] as const;
export const WHEEL_AMOUNT_WEIGHTS = [200, 180, 150, 130, 110, 100] as const;
export const WHEEL_LOSE_WEIGHT = 100;
export const WHEEL_BOOSTED_LOSE_WEIGHT = 50;
export const WHEEL_GALAXIE_WEIGHT = 10;
/** Weekend and admin x2 wheel multiplier. */
export const WHEEL_BOOST_MULTIPLIER = 1.5;
/** Loss streak cap; reaching it makes the protection ready. */
export const WHEEL_PROTECTION_STREAK = 2;
export const WHEEL_LOSE_LABEL = "Perdu";
export const WHEEL_GALAXIE_LABEL = "Galaxie";

const SEGMENT_COLORS = ["#4f8cff", "#22c3a6", "#ffb020", "#ff6b6b", "#a46bff", "#ff8fd0"] as const;
const GALAXIE_STOPS = ["#1a1446", "#5b2bbf", "#d94fd6", "#ffd36e"];

export interface WheelOptions {
  /** Weekend (Paris) or the admin x2 test wheel: amounts x1.5 and Perdu 0.05. */
  boosted: boolean;
  /** The user does not own item 25 yet. */
  galaxieAvailable: boolean;
  /** Two losses in a row: the Perdu segment is removed for this spin. */
  protectionReady: boolean;
}

/** The segments of the wheel a user sees and the server draws from, in display order. */
export function wheelSegments(opts: WheelOptions): WheelSegment[] {
  const factor = opts.boosted ? WHEEL_BOOST_MULTIPLIER : 1;
  const segments: WheelSegment[] = WHEEL_BASE_AMOUNTS.map((amount, i) => {
    const coins = Math.round(amount * factor);
    return { key: `c${coins}`, label: String(coins), type: "coins", coins, weight: WHEEL_AMOUNT_WEIGHTS[i]!, color: SEGMENT_COLORS[i]! };
  });
  if (!opts.protectionReady) {
    const weight = opts.boosted ? WHEEL_BOOSTED_LOSE_WEIGHT : WHEEL_LOSE_WEIGHT;
    segments.push({ key: "perdu", label: WHEEL_LOSE_LABEL, type: "lose", coins: 0, weight, color: "#5b6270" });
  }
  if (opts.galaxieAvailable) {
    segments.push({
      key: "galaxie",
      label: WHEEL_GALAXIE_LABEL,
      type: "galaxy",
      coins: 0,
      weight: WHEEL_GALAXIE_WEIGHT,
      color: GALAXIE_STOPS[1]!,
      gradientStops: GALAXIE_STOPS,
    });
  }
  return segments;
}
