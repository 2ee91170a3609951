import { BASE_VARIANT_NAME, ITEM_BACKGROUND_KEYS, ITEM_CREATOR_MESSAGES as M } from "@planify/common/constants/item-creator";
import { checkLegacyId, checkPrice, isCssBackground, matchCreators } from "@planify/common/rules/item-creator";
import type { ItemInput } from "@planify/common/schemas/item-creator";
import type { ItemAsset, ItemBackgrounds, ItemVariant } from "@planify/common/schemas/items";
import { inArray } from "drizzle-orm";
import { itemAssets, users } from "../../db/schema";
import type { CreatedItemLook } from "../../db/schema/item-creator";
import { badRequest } from "../../lib/errors";
import type { DbOrTx } from "../../db/types";
import { assetNameFromUrl } from "./assets";

/** A created item's columns and look, checked and ready to store. */
export interface CheckedItem {
  legacyId: number;
  name: string;
  price: number;
  availableInDailyShop: boolean;
  look: CreatedItemLook;
  creatorIds: string[];
  creatorUsernames: string[];
}

/** The number of a rule's answer, or its French message as a 400. */
export function valueOr400<T>(checked: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!checked.ok) throw badRequest(checked.message);
  return checked.value;
}

function checkBackgrounds(raw: ItemBackgrounds | undefined): ItemBackgrounds {
  const out: ItemBackgrounds = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (!(ITEM_BACKGROUND_KEYS as readonly string[]).includes(key)) throw badRequest(M.backgroundInvalid(key));
    const trimmed = value?.trim() ?? "";
    if (trimmed && !isCssBackground(trimmed)) throw badRequest(M.backgroundInvalid(key));
    out[key] = trimmed || null;
  }
  return out;
}

/** Every layer's image must be one uploaded through POST /items/upload: no outside URL is ever drawn. */
async function checkAssets(db: DbOrTx, lists: ItemAsset[][]): Promise<void> {
  const names = new Map<string, string>();
  for (const asset of lists.flat()) {
    const name = assetNameFromUrl(asset.src);
    if (!name) throw badRequest(M.assetUnknown(asset.src));
    names.set(name, asset.src);
  }
  if (names.size === 0) return;
  const rows = await db
    .select({ name: itemAssets.name })
    .from(itemAssets)
    .where(inArray(itemAssets.name, [...names.keys()]));
  const known = new Set(rows.map((r) => r.name));
  for (const [name, src] of names) if (!known.has(name)) throw badRequest(M.assetUnknown(src));
}

function checkVariant(v: ItemVariant, index: number): ItemVariant {
  const name = v.name.trim() || (index === 0 ? BASE_VARIANT_NAME : `Variante ${index}`);
  const textContent = v.textContent?.trim() ?? "";
  if (v.textOnly && !textContent) throw badRequest(M.textOnlyNeedsText(name));
  return {
    name,
    assets: v.textOnly ? [] : v.assets,
    backgrounds: checkBackgrounds(v.backgrounds),
    textOnly: v.textOnly,
    ...(textContent ? { textContent } : {}),
    removeNavbarBorder: v.removeNavbarBorder ?? false,
    removeLeaderboardBorder: v.removeLeaderboardBorder ?? false,
    removeProfilePopupBorder: v.removeProfilePopupBorder ?? false,
  };
}

/**
 * Checks a created item's body (legacy id, name, price, CSS values, uploaded images, texts)
 * and derives its creators from the credits field. Uniqueness of the legacy id is the
 * caller's (it needs the item being edited).
 */
export async function checkItemInput(db: DbOrTx, body: ItemInput): Promise<CheckedItem> {
  const legacyId = valueOr400(checkLegacyId(body.legacyId));
  const name = body.name.trim();
  if (!name) throw badRequest(M.nameRequired);
  const price = valueOr400(checkPrice(body.price));
  const variants = (body.variants ?? []).map(checkVariant);
  await checkAssets(db, [body.assets, ...variants.map((v) => v.assets)]);
  const defaultText = body.defaultText?.trim() ?? "";
  if (body.hasDefaultText && !defaultText) throw badRequest(M.defaultTextRequired);
  const credits = body.credits?.trim() ?? "";
  const accounts = credits ? await db.select({ id: users.id, username: users.username }).from(users) : [];
  const { creatorIds, creatorUsernames } = matchCreators(credits, accounts);
  return {
    legacyId,
    name,
    price,
    availableInDailyShop: body.availableInDailyShop ?? false,
    creatorIds,
    creatorUsernames,
    look: {
      type: body.type ?? "generic",
      infoOnly: body.infoOnly ?? false,
      infoDescription: body.infoDescription?.trim() ?? "",
      removeNavbarBorder: body.removeNavbarBorder ?? false,
      removeLeaderboardBorder: body.removeLeaderboardBorder ?? false,
      removeProfilePopupBorder: body.removeProfilePopupBorder ?? false,
      hasDefaultText: body.hasDefaultText ?? false,
      defaultText,
      assets: body.assets,
      backgrounds: checkBackgrounds(body.backgrounds),
      variants,
      credits,
      borderOpacity: body.borderOpacity ?? 1,
      backgroundOpacity: body.backgroundOpacity ?? 100,
    },
  };
}
