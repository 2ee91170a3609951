/** One item shown in the received-item popup. */
export interface GiftEntry {
  itemId: number;
  itemName: string;
  adminMessage?: string | null;
  colorId?: string | null;
}

/** The first non-empty admin message of the shown gifts, labelled as from the team. */
export function teamMessage(items: GiftEntry[]): string | null {
  return items.map((i) => i.adminMessage?.trim()).find((m) => !!m) ?? null;
}

/** Columns of the popup grid: 1 for one item, 2 for two, 3 for three or more. */
export function giftColumns(count: number): 1 | 2 | 3 {
  return count <= 1 ? 1 : count === 2 ? 2 : 3;
}
