import { Type, type Static } from "@sinclair/typebox";
import { Nullable, ok } from "./shared";

const Length = Type.Union([Type.Number(), Type.String()]);
/** Placement of one image of a created item, in percent of the avatar box. */
export const ItemAssetStyle = Type.Object({
  top: Type.Optional(Length),
  left: Type.Optional(Length),
  width: Type.Optional(Length),
  height: Type.Optional(Length),
  rotate: Type.Optional(Length),
  zIndex: Type.Optional(Type.Number()),
  objectFit: Type.Optional(Type.String()),
});
export type ItemAssetStyle = Static<typeof ItemAssetStyle>;

/** One image layer of a created item (the fixed catalogue has none: its art is drawn by the web app). */
export const ItemAsset = Type.Object({ src: Type.String(), style: Type.Optional(ItemAssetStyle) });
export type ItemAsset = Static<typeof ItemAsset>;

/** A style variant of an item (Discord 3, Jojo 2, or a created item's variants). */
export const ItemVariant = Type.Object({
  name: Type.String(),
  assets: Type.Array(ItemAsset),
  backgrounds: Type.Record(Type.String(), Type.Unknown()),
  textOnly: Type.Boolean(),
  textContent: Type.Optional(Type.String()),
});
export type ItemVariant = Static<typeof ItemVariant>;

/** A catalogue item as the shop reads it. */
export const ShopItem = Type.Object({
  id: Type.Integer(),
  _id: Type.String(),
  legacyId: Type.Integer(),
  name: Type.String(),
  price: Nullable(Type.Integer()),
  type: Type.String(),
  displayType: Type.String(),
  isDynamic: Type.Boolean(),
  variants: Type.Array(ItemVariant),
  variantIndex: Type.Integer(),
  infoOnly: Type.Boolean(),
  infoDescription: Type.String(),
  assets: Type.Array(ItemAsset),
  backgrounds: Type.Record(Type.String(), Type.Unknown()),
  meta: Type.Object({ creatorIds: Type.Array(Type.String()), creatorUsernames: Type.Array(Type.String()) }),
  availableInDailyShop: Type.Boolean(),
});
export type ShopItem = Static<typeof ShopItem>;

/** A border colour of the catalogue of record. */
export const BorderColorEntry = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  /** The item number; null for the free default. */
  legacyId: Nullable(Type.Integer()),
  name: Type.String(),
  color: Type.String(),
  gradient: Nullable(Type.String()),
  price: Type.Integer(),
  type: Type.Union([Type.Literal("border-color"), Type.Literal("border-gradient")]),
});
export type BorderColorEntry = Static<typeof BorderColorEntry>;

export const ItemsResponse = ok({ items: Type.Array(ShopItem) });
export const BorderColorsResponse = ok({ colors: Type.Array(BorderColorEntry) });
export type ItemsResponse = Static<typeof ItemsResponse>;
export type BorderColorsResponse = Static<typeof BorderColorsResponse>;

/** GET /health: liveness, no session. */
export const HealthResponse = Type.Object({ status: Type.Literal("ok"), version: Type.String() });
