import { catalogueItem, type CatalogueItem } from "@planify/common/constants/catalogue";
import { borderColor, borderColorByLegacyId, type BorderColor } from "@planify/common/constants/border-colors";
import { ECONOMY_MESSAGES } from "@planify/common/constants/economy";
import { badRequest } from "../../lib/errors";

/** What an item reference of a request designates: a catalogue item or a border colour. */
export type ItemTarget =
  | { kind: "item"; legacyId: number; name: string; price: number | null; item: CatalogueItem }
  | { kind: "color"; legacyId: number; name: string; price: number; color: BorderColor };

/**
 * Resolves an item reference: a number or numeric string is a legacy id (0–28 items,
 * 100+ colours); any other string is a colour id. Null when unknown (and for the free
 * default colour, which is no item).
 */
export function findTarget(ref: number | string): ItemTarget | null {
  const text = String(ref).trim();
  if (/^-?\d+$/.test(text)) {
    const id = Number(text);
    const item = catalogueItem(id);
    if (item) return { kind: "item", legacyId: id, name: item.name, price: item.price, item };
    const color = borderColorByLegacyId(id);
    if (color) return { kind: "color", legacyId: id, name: color.name, price: color.price, color };
    return null;
  }
  // The free default has no item number: it can be selected but never bought or given.
  const color = borderColor(text);
  return color?.legacyId != null ? { kind: "color", legacyId: color.legacyId, name: color.name, price: color.price, color } : null;
}

/** Like findTarget, but an unknown reference is a 400 with a French message. */
export function resolveTarget(ref: number | string): ItemTarget {
  const target = findTarget(ref);
  if (!target) throw badRequest(ECONOMY_MESSAGES.unknownItem);
  return target;
}

/** The name shown for a legacy id (item or colour). */
export function legacyName(legacyId: number): string {
  return catalogueItem(legacyId)?.name ?? borderColorByLegacyId(legacyId)?.name ?? `Item ${legacyId}`;
}
