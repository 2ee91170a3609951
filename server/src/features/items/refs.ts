import { catalogueItem, isGiftableItem, notGiftableMessage, type CatalogueItem } from "@planify/common/constants/catalogue";
import {
  borderColor,
  borderColorByLegacyId,
  parseColorSelection,
  type BorderColor,
  type ColorSelection,
} from "@planify/common/constants/border-colors";
import { ECONOMY_MESSAGES } from "@planify/common/constants/economy";
import { badRequest } from "../../lib/errors";
import type { DbOrTx } from "../../db/types";
import {
  asBorderColor,
  asCatalogueItem,
  createdColorById,
  createdColorByLegacyId,
  createdItemByLegacyId,
  createdNames,
} from "../item-creator";

/**
 * What an item reference of a request designates: a catalogue item or a border colour, fixed
 * or made in the item creator (`created`). Created ones take the same paths as fixed ones
 * (purchase, equip, gifts, codes, daily shop) with the price stored on the server.
 */
export type ItemTarget =
  | { kind: "item"; legacyId: number; name: string; price: number | null; item: CatalogueItem; created: boolean }
  | { kind: "color"; legacyId: number; name: string; price: number; color: BorderColor; created: boolean };

const itemTarget = (item: CatalogueItem, created: boolean): ItemTarget => ({
  kind: "item",
  legacyId: item.id,
  name: item.name,
  price: item.price,
  item,
  created,
});
const colorTarget = (color: BorderColor, created: boolean): ItemTarget => ({
  kind: "color",
  legacyId: color.legacyId!,
  name: color.name,
  price: color.price,
  color,
  created,
});

/**
 * Resolves an item reference: a number or numeric string is an item number (0–28 items,
 * 100+ colours, created items' numbers, created colours' numbers negative ones included);
 * any other string is a colour id. Null when unknown (and for the free default colour,
 * which is no item).
 */
export async function findTarget(db: DbOrTx, ref: number | string): Promise<ItemTarget | null> {
  const text = String(ref).trim();
  if (/^-?\d+$/.test(text)) {
    const id = Number(text);
    const item = catalogueItem(id);
    if (item) return itemTarget(item, false);
    const color = borderColorByLegacyId(id);
    if (color) return colorTarget(color, false);
    const created = await createdItemByLegacyId(db, id);
    if (created) return itemTarget(asCatalogueItem(created), true);
    const createdColor = await createdColorByLegacyId(db, id);
    return createdColor ? colorTarget(asBorderColor(createdColor), true) : null;
  }
  // The free default has no item number: it can be selected but never bought or given.
  const color = borderColor(text);
  if (color) return color.legacyId != null ? colorTarget(color, false) : null;
  const created = text.length <= 60 ? await createdColorById(db, text) : undefined;
  return created ? colorTarget(asBorderColor(created), true) : null;
}

/** Like findTarget, but an unknown reference is a 400 with a French message. */
export async function resolveTarget(db: DbOrTx, ref: number | string): Promise<ItemTarget> {
  const target = await findTarget(db, ref);
  if (!target) throw badRequest(ECONOMY_MESSAGES.unknownItem);
  return target;
}

/** Whether an admin may give this (gift, code, bulk give): every colour and created item; fixed items but 0, 27, 28. */
export function isGiftableTarget(target: ItemTarget): boolean {
  return target.kind === "color" || target.created || isGiftableItem(target.legacyId);
}

/** The French refusal for a target that cannot be given. */
export const notGiftableTargetMessage = (target: ItemTarget) => notGiftableMessage(target.legacyId);

/** Whether a colour id (fixed or created) exists: the check composite colour ids are parsed with. */
export async function colorExists(db: DbOrTx, id: string): Promise<boolean> {
  return borderColor(id) !== undefined || (id.length <= 60 && (await createdColorById(db, id)) !== undefined);
}

/**
 * A composite colour id ("id", "id:discord:jojo") parsed, its colour fixed or created
 * (parseColorSelection with colorExists, which reads the database); null when malformed or unknown.
 */
export async function knownColorSelection(db: DbOrTx, composite: string): Promise<ColorSelection | null> {
  const selection = parseColorSelection(composite, () => true);
  return selection && (await colorExists(db, selection.colorId)) ? selection : null;
}

/** Names of items and colours by item number, to present many collections with one read. */
export type NameLookup = (legacyId: number) => string;

/** A name lookup for fixed and created items and colours (reads the created ones once, up front). */
export async function nameLookup(db: DbOrTx): Promise<NameLookup> {
  const created = await createdNames(db);
  return (legacyId) =>
    catalogueItem(legacyId)?.name ?? borderColorByLegacyId(legacyId)?.name ?? created.get(legacyId) ?? `Item ${legacyId}`;
}

/** The name shown for one item number (item or colour, fixed or created). */
export const legacyName = async (db: DbOrTx, legacyId: number) => (await nameLookup(db))(legacyId);
