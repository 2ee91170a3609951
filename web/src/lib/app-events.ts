/**
 * Window events through which one part of the app asks another to open something, so that
 * features need not import each other. A listener calls preventDefault() to say it handled
 * the request (the dispatcher can then fall back when nobody did).
 */
export const OPEN_AVATAR_EVENT = "planify:open-avatar";
export const OPEN_REDEEM_CODE_EVENT = "planify:open-redeem-code";
export const OPEN_SHOP_EVENT = "planify:open-shop";
export const OPEN_WHEEL_EVENT = "planify:open-wheel";
/** detail: { userId: string } — shows that user's profile popup (leaderboards, faction boards). */
export const OPEN_PROFILE_EVENT = "planify:open-profile";
/** detail: { items: { itemId, itemName, adminMessage? }[] } — shows the received-item popup. */
export const OPEN_ITEM_RECEIVED_EVENT = "planify:open-item-received";

/** Fires an app event; true when a listener handled it (called preventDefault()). */
export function requestAppEvent(name: string, detail?: unknown): boolean {
  return !window.dispatchEvent(new CustomEvent(name, { cancelable: true, detail }));
}
