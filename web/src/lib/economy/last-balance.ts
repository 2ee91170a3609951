/**
 * The last wallet amount the server gave this browser, kept in local storage with the user's
 * id: offline (or while the server does not answer) the top bar shows it, marked as the last
 * known balance, instead of 0. Another account on the same browser never reads it.
 */
export const LAST_BALANCE_KEY = "planify.lastBalance";

export function saveLastBalance(userId: string, coins: number): void {
  try {
    localStorage.setItem(LAST_BALANCE_KEY, JSON.stringify({ userId, coins }));
  } catch {
    // Storage full or blocked: offline, the top bar then shows no amount.
  }
}

/** This user's last known balance, or null (none, another user's, unreadable). */
export function loadLastBalance(userId: string): number | null {
  try {
    const raw = JSON.parse(localStorage.getItem(LAST_BALANCE_KEY) ?? "null") as { userId?: unknown; coins?: unknown } | null;
    return raw && raw.userId === userId && Number.isInteger(raw.coins) && (raw.coins as number) >= 0 ? (raw.coins as number) : null;
  } catch {
    // Storage blocked or garbled: no last known balance (the top bar shows « — »).
    return null;
  }
}

export function forgetLastBalance(): void {
  try {
    localStorage.removeItem(LAST_BALANCE_KEY);
  } catch {
    // Nothing to forget.
  }
}
