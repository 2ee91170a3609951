import {
  ASSET_PLACEMENTS,
  DEFAULT_ASSET_STYLE,
  ITEM_CANVAS_SIZES,
  LEADERBOARD_TARGETS,
  NAVBAR_TARGETS,
  PROFILE_POPUP_TARGETS,
  type ItemSurface,
} from "@planify/common/constants/item-creator";

/**
 * The places an avatar (and so an item) is drawn. A created item can be placed differently
 * on each: its layers carry one style per surface, and its backgrounds one paint per surface.
 */
export type { ItemSurface };

/** Where a layer sits against the avatar: over it, clipped inside its circle, or behind it. */
export type LayerPlacement = (typeof ASSET_PLACEMENTS)[number];
export const LAYER_PLACEMENTS = ASSET_PLACEMENTS;

/** The canvas box of a surface in px (the style popup's tile is not square). */
export function canvasSizeOf(surface: ItemSurface, mobile = false): { width: number; height: number } {
  return mobile && surface === "collection" ? ITEM_CANVAS_SIZES.collectionMobile : ITEM_CANVAS_SIZES[surface];
}

/** The avatar's diameter on a surface: the style popup's tile holds a 64 px avatar. */
export function avatarSizeOn(surface: ItemSurface, mobile = false): number {
  const s = canvasSizeOf(surface, mobile);
  return Math.min(s.width, s.height);
}

/** Key of a layer's style on a surface (the spec's names: collectionStyleMobile, popupStyleStyle...). */
export function styleKey(surface: ItemSurface, mobile = false): LayerStyleKey {
  return mobile && surface === "collection" ? "collectionStyleMobile" : `${surface}Style`;
}
export type LayerStyleKey = `${ItemSurface}Style` | "collectionStyleMobile";

/** Key of an item's background on a surface (kebab-case, as stored). */
export const BACKGROUND_KEYS: Record<ItemSurface, string> = {
  collection: "collection",
  leaderboard: "leaderboard",
  avatar: "avatar",
  navbar: "navbar",
  popupStyle: "popup-style",
  profilePopup: "profile-popup",
};

/** The three surfaces where a layer chooses its placement and what it is positioned on. */
export type PlacedSurface = "leaderboard" | "navbar" | "profilePopup";
export const PLACED_SURFACES: readonly PlacedSurface[] = ["leaderboard", "navbar", "profilePopup"];
export const isPlacedSurface = (s: ItemSurface): s is PlacedSurface => (PLACED_SURFACES as readonly string[]).includes(s);

/** Targets per surface: the first is the avatar picture, the second its whole container. */
export const LAYER_TARGETS: Record<PlacedSurface, readonly [picture: string, container: string]> = {
  leaderboard: LEADERBOARD_TARGETS,
  navbar: NAVBAR_TARGETS,
  profilePopup: PROFILE_POPUP_TARGETS,
};

/** Which border flag hides the ring on a surface. */
export const REMOVE_BORDER_FLAG: Partial<
  Record<ItemSurface, "removeNavbarBorder" | "removeLeaderboardBorder" | "removeProfilePopupBorder">
> = {
  navbar: "removeNavbarBorder",
  leaderboard: "removeLeaderboardBorder",
  profilePopup: "removeProfilePopupBorder",
};

/** A layer's style when it has none: the avatar's own box. */
export const DEFAULT_LAYER_STYLE = DEFAULT_ASSET_STYLE;

/** Width of the avatar's ring in px at a diameter (the picture sits inside it). */
export const ringWidthPx = (size: number) => Math.max(2, Math.round(size * 0.07));
