import type { BorderColorEntry, ShopItem } from "@planify/common/schemas/items";
import { asBorderColor, asCatalogueItem, type CreatedColorRow, type CreatedItemRow } from "./store";

/** A created item as GET /items shows it: the shop's fields plus every dynamic field of the creator. */
export function presentCreatedItem(row: CreatedItemRow): ShopItem {
  const { look } = row;
  const flags = {
    removeNavbarBorder: look.removeNavbarBorder,
    removeLeaderboardBorder: look.removeLeaderboardBorder,
    removeProfilePopupBorder: look.removeProfilePopupBorder,
  };
  return {
    id: row.legacyId,
    _id: row.id,
    legacyId: row.legacyId,
    name: row.name,
    img: look.assets[0]?.src ?? null,
    price: row.price,
    type: look.type,
    // Created items are drawn from their layers, never from the fixed catalogue's art.
    displayType: "dynamic",
    isDynamic: true,
    variants: look.variants,
    variantIndex: 0,
    infoOnly: look.infoOnly,
    infoDescription: asCatalogueItem(row).infoDescription,
    assets: look.assets,
    backgrounds: look.backgrounds,
    meta: { creatorIds: row.creatorIds, creatorUsernames: row.creatorUsernames, ...flags },
    availableInDailyShop: row.availableInDailyShop,
    ...flags,
    hasDefaultText: look.hasDefaultText,
    defaultText: look.defaultText,
    borderOpacity: look.borderOpacity,
    backgroundOpacity: look.backgroundOpacity,
    credits: look.credits,
    creatorUsernames: row.creatorUsernames,
  };
}

/** A created colour as GET /border-colors shows it. */
export function presentCreatedColor(row: CreatedColorRow): BorderColorEntry {
  return { ...asBorderColor(row), _id: row.id, availableInDailyShop: row.availableInDailyShop, isDynamic: true };
}
