/** The first reconnection waits up to this long. */
export const RECONNECT_MIN_MS = 1_000;
/** No reconnection waits longer than this. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnection number `attempt` (0 for the first): the ceiling doubles
 * from RECONNECT_MIN_MS up to RECONNECT_MAX_MS, and the wait is drawn in its upper half
 * ("equal jitter"), so that every open app does not come back at the same instant after a
 * server restart, yet none retries sooner than half the ceiling.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
