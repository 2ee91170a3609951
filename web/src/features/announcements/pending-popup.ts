import type { PopupForMe } from "@planify/common/schemas/popups";

/** Local storage key of the announcement shown but not yet acknowledged. */
export const PENDING_POPUP_KEY = "planify.pendingPopup";

export interface PendingPopup extends PopupForMe {
  /** Whose it is: another account logging in on this browser must not see it. */
  userId: string;
}

/** The stored announcement of `userId`, if any. */
export function readPending(userId: string): PendingPopup | null {
  try {
    const p = JSON.parse(localStorage.getItem(PENDING_POPUP_KEY) ?? "null") as Partial<PendingPopup> | null;
    if (p && typeof p.id === "string" && typeof p.html === "string" && p.userId === userId) return p as PendingPopup;
  } catch {
    // Corrupt entry: treated as none.
  }
  return null;
}

export function writePending(popup: PendingPopup): void {
  localStorage.setItem(PENDING_POPUP_KEY, JSON.stringify({ id: popup.id, html: popup.html, userId: popup.userId }));
}

export function removePending(): void {
  localStorage.removeItem(PENDING_POPUP_KEY);
}
