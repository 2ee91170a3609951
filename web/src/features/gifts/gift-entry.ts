/** One item shown in the received-item popup. */
export interface GiftEntry {
  itemId: number;
  itemName: string;
  adminMessage?: string | null;
  colorId?: string | null;
  /** When the item was given (ISO). */
  purchaseDate?: string;
}

/** A gift's message is presented as the team's only this long after the gift. */
export const RECENT_GIFT_MS = 5 * 60_000;

/**
 * The first non-empty admin message of the shown gifts. It is labelled as from the team only
 * when that gift is recent: an old message read days later is shown without that claim.
 */
export function giftMessage(items: GiftEntry[], now = Date.now()): { text: string; fromTeam: boolean } | null {
  for (const item of items) {
    const text = item.adminMessage?.trim();
    if (!text) continue;
    const given = item.purchaseDate ? Date.parse(item.purchaseDate) : Number.NaN;
    return { text, fromTeam: now - given <= RECENT_GIFT_MS && now >= given };
  }
  return null;
}

/** Columns of the popup grid: 1 for one item, 2 for two, 3 for three or more. */
export function giftColumns(count: number): 1 | 2 | 3 {
  return count <= 1 ? 1 : count === 2 ? 2 : 3;
}
