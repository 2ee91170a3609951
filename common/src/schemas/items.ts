import { Type, type Static } from "@sinclair/typebox";
import {
  ASSET_PLACEMENTS,
  ITEM_CREATOR_LIMITS,
  LEADERBOARD_TARGETS,
  NAVBAR_TARGETS,
  OBJECT_FITS,
  PROFILE_POPUP_TARGETS,
} from "../constants/item-creator";
import { literalUnion } from "./literal-union";
import { Nullable, ok } from "./shared";

const L = ITEM_CREATOR_LIMITS;
const Placement = Type.Number({ minimum: L.placementMin, maximum: L.placementMax });
/** Placement of one image of a created item on one surface, in percent of the avatar box (rotate in degrees). */
export const ItemAssetStyle = Type.Object({
  top: Type.Optional(Placement),
  left: Type.Optional(Placement),
  width: Type.Optional(Placement),
  height: Type.Optional(Placement),
  rotate: Type.Optional(Type.Number({ minimum: -360, maximum: 360 })),
  zIndex: Type.Optional(Type.Integer({ minimum: L.zIndexMin, maximum: L.zIndexMax })),
  objectFit: Type.Optional(literalUnion(OBJECT_FITS)),
});
export type ItemAssetStyle = Static<typeof ItemAssetStyle>;

/** Where a layer sits and what it is positioned on, per surface (defaults: below, the avatar picture). */
export const ItemAssetMeta = Type.Object({
  leaderboardPlacement: Type.Optional(literalUnion(ASSET_PLACEMENTS)),
  navbarPlacement: Type.Optional(literalUnion(ASSET_PLACEMENTS)),
  profilePopupPlacement: Type.Optional(literalUnion(ASSET_PLACEMENTS)),
  leaderboardTarget: Type.Optional(literalUnion(LEADERBOARD_TARGETS)),
  navbarTarget: Type.Optional(literalUnion(NAVBAR_TARGETS)),
  profilePopupTarget: Type.Optional(literalUnion(PROFILE_POPUP_TARGETS)),
  // Class-like names only: the web may put them in a class attribute.
  dynamicClass: Type.Optional(Type.String({ maxLength: L.dynamicClassMax, pattern: "^[A-Za-z0-9_-]*$" })),
  container: Type.Optional(Type.String({ maxLength: L.dynamicClassMax, pattern: "^[A-Za-z0-9_-]*$" })),
});
export type ItemAssetMeta = Static<typeof ItemAssetMeta>;

/**
 * One image layer of a created item (the fixed catalogue has none: its art is drawn by the
 * web app): `style` is the fallback, then one style per surface (`<surface>Style`, and
 * `<surface>StyleMobile` for the four surfaces that have a mobile size).
 */
export const ItemAsset = Type.Object({
  src: Type.String({ maxLength: L.srcMax }),
  style: Type.Optional(ItemAssetStyle),
  collectionStyle: Type.Optional(ItemAssetStyle),
  collectionStyleMobile: Type.Optional(ItemAssetStyle),
  leaderboardStyle: Type.Optional(ItemAssetStyle),
  leaderboardStyleMobile: Type.Optional(ItemAssetStyle),
  avatarStyle: Type.Optional(ItemAssetStyle),
  avatarStyleMobile: Type.Optional(ItemAssetStyle),
  navbarStyle: Type.Optional(ItemAssetStyle),
  navbarStyleMobile: Type.Optional(ItemAssetStyle),
  popupStyleStyle: Type.Optional(ItemAssetStyle),
  profilePopupStyle: Type.Optional(ItemAssetStyle),
  meta: Type.Optional(ItemAssetMeta),
});
export type ItemAsset = Static<typeof ItemAsset>;

/**
 * Backgrounds per surface (keys collection, leaderboard, avatar, navbar, popup-style,
 * profile-popup): a CSS colour, a linear-gradient, or null for none. The server checks each
 * value (rules/item-creator isCssBackground) before storing it.
 */
export const ItemBackgrounds = Type.Record(Type.String({ maxLength: 20 }), Nullable(Type.String({ maxLength: L.cssValueMax })));
export type ItemBackgrounds = Static<typeof ItemBackgrounds>;

/** A style variant of an item (Discord 3, Jojo 2, or a created item's variants). */
export const ItemVariant = Type.Object({
  name: Type.String({ maxLength: L.variantNameMax }),
  assets: Type.Array(ItemAsset, { maxItems: L.assetsMax }),
  backgrounds: ItemBackgrounds,
  textOnly: Type.Boolean(),
  textContent: Type.Optional(Type.String({ maxLength: L.textContentMax })),
  removeNavbarBorder: Type.Optional(Type.Boolean()),
  removeLeaderboardBorder: Type.Optional(Type.Boolean()),
  removeProfilePopupBorder: Type.Optional(Type.Boolean()),
});
export type ItemVariant = Static<typeof ItemVariant>;

/** An item's meta: its credited creators (accounts) and, for created items, the border flags again. */
export const ItemMeta = Type.Object({
  creatorIds: Type.Array(Type.String()),
  creatorUsernames: Type.Array(Type.String()),
  dynamicClass: Type.Optional(Type.String()),
  removeNavbarBorder: Type.Optional(Type.Boolean()),
  removeLeaderboardBorder: Type.Optional(Type.Boolean()),
  removeProfilePopupBorder: Type.Optional(Type.Boolean()),
});
export type ItemMeta = Static<typeof ItemMeta>;

/** A catalogue item as the shop reads it. */
export const ShopItem = Type.Object({
  id: Type.Integer(),
  _id: Type.String(),
  legacyId: Type.Integer(),
  name: Type.String(),
  /** The item's picture: the first layer of a created item; null for fixed items, whose art the web app draws. */
  img: Nullable(Type.String()),
  price: Nullable(Type.Integer()),
  type: Type.String(),
  displayType: Type.String(),
  isDynamic: Type.Boolean(),
  variants: Type.Array(ItemVariant),
  variantIndex: Type.Integer(),
  infoOnly: Type.Boolean(),
  infoDescription: Type.String(),
  assets: Type.Array(ItemAsset),
  backgrounds: ItemBackgrounds,
  meta: ItemMeta,
  availableInDailyShop: Type.Boolean(),
  // The dynamic fields of a created item (fixed items carry their neutral values).
  removeNavbarBorder: Type.Boolean(),
  removeLeaderboardBorder: Type.Boolean(),
  removeProfilePopupBorder: Type.Boolean(),
  hasDefaultText: Type.Boolean(),
  defaultText: Type.String(),
  /** Opacity of the avatar's ring, 0 to 1. */
  borderOpacity: Type.Number(),
  /** Opacity of the backgrounds, 0 to 100. */
  backgroundOpacity: Type.Number(),
  /** The credits field as the admin wrote it ("" for fixed items). */
  credits: Type.String(),
  /** Creator names shown under the item (meta.creatorUsernames, kept at the top for the shop). */
  creatorUsernames: Type.Array(Type.String()),
});
export type ShopItem = Static<typeof ShopItem>;

/** A border colour of the catalogue of record. */
export const BorderColorEntry = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  /**
   * The item number that codes, gifts and collections use; null for the free default. A
   * created colour without a legacy id of its own carries its derived negative number
   * (rules/item-creator dynamicColorItemId).
   */
  legacyId: Nullable(Type.Integer()),
  name: Type.String(),
  color: Type.String(),
  gradient: Nullable(Type.String()),
  price: Type.Integer(),
  type: Type.Union([Type.Literal("border-color"), Type.Literal("border-gradient")]),
  /** Whether the daily shop may draw it (every priced fixed colour; created ones by choice). */
  availableInDailyShop: Type.Boolean(),
  /** True for colours made in the item creator (editable and deletable by admins). */
  isDynamic: Type.Boolean(),
});
export type BorderColorEntry = Static<typeof BorderColorEntry>;

export const ItemsResponse = ok({ items: Type.Array(ShopItem) });
export const BorderColorsResponse = ok({ colors: Type.Array(BorderColorEntry) });
export type ItemsResponse = Static<typeof ItemsResponse>;
export type BorderColorsResponse = Static<typeof BorderColorsResponse>;

/**
 * GET /health and /health/ready: readiness, no session. 200 `ok`; 503 `low-disk` when the data
 * folder's disk has less free space than PLANIFY_DISK_MIN_FREE_MB (monitoring sees a non-200
 * before students see a refusal). `diskFreeBytes` is the free space as last measured (a few
 * seconds old at most).
 */
export const HealthResponse = Type.Object({
  /**
   * ok; low-disk (under PLANIFY_DISK_MIN_FREE_MB); database-unavailable (the database does not
   * answer); storage-unavailable (the S3 bucket of uploaded files does not answer); stopping
   * (the node was asked to stop: the load balancer sends it nothing new while it finishes).
   */
  status: Type.Union([
    Type.Literal("ok"),
    Type.Literal("low-disk"),
    Type.Literal("database-unavailable"),
    Type.Literal("storage-unavailable"),
    Type.Literal("stopping"),
  ]),
  version: Type.String(),
  /** The database engine the server runs on. */
  engine: Type.Optional(Type.Union([Type.Literal("sqlite"), Type.Literal("postgres")])),
  /** Where uploaded files live: the data folder's disk, or an S3 bucket (S3_BUCKET). */
  storage: Type.Optional(Type.Union([Type.Literal("disk"), Type.Literal("s3")])),
  diskFreeBytes: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** GET /health/live: liveness, no session: the process answers (whatever the database does). */
export const LivenessResponse = Type.Object({ status: Type.Literal("ok"), version: Type.String() });
