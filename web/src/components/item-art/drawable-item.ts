import type { CSSProperties } from "react";
import type { ItemAsset, ItemAssetStyle } from "@planify/common/schemas/items";
import { isCssBackground } from "@planify/common/rules/item-creator";
import {
  BACKGROUND_KEYS,
  DEFAULT_LAYER_STYLE,
  isPlacedSurface,
  LAYER_TARGETS,
  REMOVE_BORDER_FLAG,
  styleKey,
  type ItemSurface,
  type LayerPlacement,
} from "./surfaces";

/**
 * What the avatar renderer needs of a created item. The catalogue's items (GET /items) and the
 * item creator's unsaved draft both fit it, so the creator's canvas draws with the very code
 * that draws the item for students.
 */
export type DrawableLayer = ItemAsset;

interface BorderFlags {
  removeNavbarBorder?: boolean;
  removeLeaderboardBorder?: boolean;
  removeProfilePopupBorder?: boolean;
}

export interface DrawableVariant extends BorderFlags {
  name: string;
  assets: readonly DrawableLayer[];
  backgrounds?: Record<string, unknown>;
  textOnly?: boolean;
  textContent?: string;
}

export interface DrawableItem extends BorderFlags {
  assets: readonly DrawableLayer[];
  backgrounds?: Record<string, unknown>;
  variants?: readonly DrawableVariant[];
  /** Opacity of the avatar's ring, 0 to 1. */
  borderOpacity?: number;
  /** Opacity of the backgrounds, 0 to 100. */
  backgroundOpacity?: number;
  /** The base style is a text (no images). */
  hasDefaultText?: boolean;
  defaultText?: string;
}

/** What one variant of an item shows on one surface, resolved once for the renderer. */
export interface ResolvedLook {
  layers: { src: string; style: CSSProperties; placement: LayerPlacement; onContainer: boolean }[];
  background: string | null;
  backgroundOpacity: number;
  text: string | null;
  hideBorder: boolean;
  borderOpacity: number;
}

const unit = (v: number | string | undefined, fallback: number | string) => {
  const x = v ?? fallback;
  return typeof x === "number" ? `${x}%` : x;
};

/** The CSS of a layer style, in percent of the box it is placed on. */
export function layerCss(s: ItemAssetStyle | undefined): CSSProperties {
  const d = DEFAULT_LAYER_STYLE;
  const rotate = s?.rotate ?? d.rotate;
  return {
    top: unit(s?.top, d.top),
    left: unit(s?.left, d.left),
    width: unit(s?.width, d.width),
    height: s?.height === undefined ? unit(s?.width, d.width) : unit(s.height, d.width),
    transform: rotate ? `rotate(${typeof rotate === "number" ? `${rotate}deg` : rotate})` : undefined,
    zIndex: s?.zIndex ?? d.zIndex,
    objectFit: (s?.objectFit ?? d.objectFit) as CSSProperties["objectFit"],
  };
}

/** A layer's style on a surface: its own for that surface, else its general one. */
export function layerStyleOn(layer: DrawableLayer, surface: ItemSurface, mobile = false): ItemAssetStyle | undefined {
  return layer[styleKey(surface, mobile)] ?? (mobile ? layer[styleKey(surface)] : undefined) ?? layer.style;
}

/** The CSS paint of a stored background (a colour or a linear-gradient); anything else draws nothing. */
export function backgroundPaint(value: unknown): string | null {
  return typeof value === "string" && isCssBackground(value) ? value.trim() : null;
}

const PLACEMENTS = new Set(["above", "inside", "below"]);

/** Resolves what a variant of a created item draws on a surface (variant past the end: the base). */
export function resolveLook(item: DrawableItem, variantIndex: number, surface: ItemSurface, mobile = false): ResolvedLook {
  const variant = item.variants?.[variantIndex];
  const useVariant = variant !== undefined;
  const assets = useVariant ? variant.assets : item.assets;
  const backgrounds =
    (useVariant && variant.backgrounds && Object.keys(variant.backgrounds).length ? variant.backgrounds : item.backgrounds) ?? {};
  const flag = REMOVE_BORDER_FLAG[surface];
  const flags: BorderFlags = useVariant ? variant : item;
  const placed = isPlacedSurface(surface) ? surface : null;
  const text = useVariant ? (variant.textOnly ? (variant.textContent ?? "") : null) : item.hasDefaultText ? (item.defaultText ?? "") : null;
  return {
    layers:
      text !== null
        ? []
        : assets.map((a) => {
            const p = placed ? a.meta?.[`${placed}Placement`] : undefined;
            return {
              src: a.src,
              style: layerCss(layerStyleOn(a, surface, mobile)),
              placement: placed ? (p && PLACEMENTS.has(p) ? (p as LayerPlacement) : "below") : "above",
              onContainer: placed ? a.meta?.[`${placed}Target`] === LAYER_TARGETS[placed][1] : true,
            };
          }),
    background: backgroundPaint(backgrounds[BACKGROUND_KEYS[surface]]),
    backgroundOpacity: Math.min(100, Math.max(0, item.backgroundOpacity ?? 100)) / 100,
    text,
    hideBorder: flag ? Boolean(flags[flag] ?? item[flag]) : false,
    borderOpacity: Math.min(1, Math.max(0, item.borderOpacity ?? 1)),
  };
}
