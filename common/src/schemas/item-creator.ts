import { Type, type Static } from "@sinclair/typebox";
import { CREATED_ITEM_TYPES, ITEM_CREATOR_LIMITS } from "../constants/item-creator";
import { BorderColorEntry, ItemAsset, ItemBackgrounds, ItemVariant, ShopItem } from "./items";
import { literalUnion } from "./literal-union";
import { Nullable, ok, OkMessage } from "./shared";

const L = ITEM_CREATOR_LIMITS;

/**
 * POST /items and PUT /items/{id}: the full created item. `legacyId` and `price` are also
 * read from numeric strings so that a mistyped form gets the French message of the rule
 * (rules/item-creator checkLegacyId, checkPrice) rather than a bare validation error.
 * `credits` is the free text of the credits field; the server keeps as creators only the
 * names that match an account.
 */
export const ItemInput = Type.Object({
  legacyId: Type.Union([Type.Number(), Type.String({ maxLength: 20 })]),
  name: Type.String({ maxLength: L.nameMax }),
  price: Type.Union([Type.Number(), Type.String({ maxLength: 20 })]),
  type: Type.Optional(literalUnion(CREATED_ITEM_TYPES)),
  infoOnly: Type.Optional(Type.Boolean()),
  infoDescription: Type.Optional(Type.String({ maxLength: L.infoDescriptionMax })),
  availableInDailyShop: Type.Optional(Type.Boolean()),
  removeNavbarBorder: Type.Optional(Type.Boolean()),
  removeLeaderboardBorder: Type.Optional(Type.Boolean()),
  removeProfilePopupBorder: Type.Optional(Type.Boolean()),
  hasDefaultText: Type.Optional(Type.Boolean()),
  defaultText: Type.Optional(Type.String({ maxLength: L.defaultTextMax })),
  assets: Type.Array(ItemAsset, { maxItems: L.assetsMax }),
  backgrounds: Type.Optional(ItemBackgrounds),
  // The base style first (named Style), then up to variantsMax added ones.
  variants: Type.Optional(Type.Array(ItemVariant, { maxItems: L.variantsMax + 1 })),
  credits: Type.Optional(Type.String({ maxLength: L.creditsMax })),
  /** 0 to 1, step 0.05; default 1. */
  borderOpacity: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  /** 0 to 100; default 100. */
  backgroundOpacity: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
});
export type ItemInput = Static<typeof ItemInput>;

/** GET /items/{id} (id: the legacy id, or the created item's _id). */
export const ItemParams = Type.Object({ id: Type.String({ maxLength: 60 }) });
export const ItemResponse = ok({ item: ShopItem });
export type ItemResponse = Static<typeof ItemResponse>;

/** POST /items, PUT /items/{id}: the stored item as GET /items shows it. */
export const ItemSavedResponse = ok({ item: ShopItem, message: Type.String() });
export type ItemSavedResponse = Static<typeof ItemSavedResponse>;

/** DELETE /items/{id}. Refused (409) while accounts own the item or a code offers it. */
export const ItemDeletedResponse = OkMessage;
export type ItemDeletedResponse = Static<typeof ItemDeletedResponse>;

/**
 * POST /items/upload (multipart, field `files`, 1 to 10 images of 2 MB at most): png,
 * jpeg, gif and webp judged by content; svg refused when it carries script, event
 * handlers, links or external resources. `url` is what an asset's `src` takes.
 */
export const ItemUploadResponse = ok({
  files: Type.Array(Type.Object({ url: Type.String(), name: Type.String(), size: Type.Integer(), type: Type.String() })),
});
export type ItemUploadResponse = Static<typeof ItemUploadResponse>;

/**
 * POST /border-colors and PUT /border-colors?id=: a created colour. `gradient` empty or
 * null: a plain colour. `legacyId` empty or null: the colour takes its derived negative
 * number. On PUT the body's `id` must equal the query's (colour ids do not change).
 */
export const BorderColorInput = Type.Object({
  id: Type.String({ maxLength: L.colorIdMax }),
  name: Type.String({ maxLength: L.colorNameMax }),
  color: Type.String({ maxLength: L.cssValueMax }),
  gradient: Type.Optional(Nullable(Type.String({ maxLength: L.cssValueMax }))),
  price: Type.Union([Type.Number(), Type.String({ maxLength: 20 })]),
  legacyId: Type.Optional(Nullable(Type.Union([Type.Number(), Type.String({ maxLength: 20 })]))),
  availableInDailyShop: Type.Optional(Type.Boolean()),
});
export type BorderColorInput = Static<typeof BorderColorInput>;

/** PUT /border-colors?id= and DELETE /border-colors?id=. */
export const BorderColorQuery = Type.Object({ id: Type.String({ maxLength: L.colorIdMax }) });

/** POST and PUT /border-colors: the stored colour as GET /border-colors shows it. */
export const BorderColorSavedResponse = ok({ message: Type.String(), color: BorderColorEntry });
export type BorderColorSavedResponse = Static<typeof BorderColorSavedResponse>;
export const BorderColorDeletedResponse = OkMessage;
