import {
  PRICE_MULTIPLIER_DEFAULT,
  PRICE_MULTIPLIER_MAX,
  PRICE_MULTIPLIER_MESSAGES as M,
  PRICE_MULTIPLIER_MIN,
  PRICE_MULTIPLIER_STEP,
} from "../constants/social";

/** Steps of PRICE_MULTIPLIER_STEP in a multiplier (1.25 → 25), or null when it is not a whole number of steps. */
function steps(multiplier: number): number | null {
  const n = multiplier / PRICE_MULTIPLIER_STEP;
  const whole = Math.round(n);
  return Math.abs(n - whole) < 1e-6 ? whole : null;
}

/** The first rule a price multiplier breaks, as its French message (null when valid). */
export function priceMultiplierProblem(multiplier: unknown): string | null {
  if (typeof multiplier !== "number" || !Number.isFinite(multiplier)) return M.notANumber;
  if (multiplier < PRICE_MULTIPLIER_MIN - 1e-9 || multiplier > PRICE_MULTIPLIER_MAX + 1e-9) return M.outOfRange;
  if (steps(multiplier) === null) return M.notAStep;
  return null;
}

/** A valid multiplier as stored: exactly a number of steps (1.2500000001 → 1.25). */
export function normalizeMultiplier(multiplier: number): number {
  return ((steps(multiplier) ?? Math.round(multiplier / PRICE_MULTIPLIER_STEP)) * Math.round(PRICE_MULTIPLIER_STEP * 100)) / 100;
}

/**
 * What a member of a faction pays for an item of catalogue price `base`: base × multiplier,
 * rounded half up to a whole coin, at least 1. Computed in hundredths with integers so that
 * 70 × 1.15 is 80.5 → 81, never 80.49999 → 80. No multiplier (no faction): the base price.
 */
export function factionPrice(base: number, multiplier: number | null | undefined = PRICE_MULTIPLIER_DEFAULT): number {
  const hundredths = Math.round((multiplier ?? PRICE_MULTIPLIER_DEFAULT) * 100);
  if (hundredths === 100) return base;
  return Math.max(1, Math.floor((base * hundredths + 50) / 100));
}
