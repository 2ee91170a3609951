/** Spin animation constants. */
export const SPIN_DURATION_MS = 4200;
export const SPIN_TURNS = 7;
export const WHEEL_SIZE = 340;

const TAU = Math.PI * 2;

/** Ease-out cubic: fast start, gentle stop. */
export function easeOutCubic(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return 1 - (1 - c) ** 3;
}

/**
 * The index of the segment under the pointer at the top, for a wheel turned clockwise by
 * `rotation` radians whose segment 0 starts at the top.
 */
export function segmentAt(rotation: number, count: number): number {
  const underPointer = ((-rotation % TAU) + TAU) % TAU;
  return Math.min(count - 1, Math.floor(underPointer / (TAU / count)));
}

/**
 * The rotation at which the animation must stop so that segment `index` lies under the
 * pointer: `turns` full turns past `from`, landing at `offset` (0–1, 0.5 = middle) of it.
 */
export function finalRotation(from: number, index: number, count: number, turns = SPIN_TURNS, offset = 0.5): number {
  const seg = TAU / count;
  const target = -((index + offset) * seg);
  const delta = (((target - from) % TAU) + TAU) % TAU;
  return from + turns * TAU + delta;
}
