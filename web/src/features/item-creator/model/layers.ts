import { DEFAULT_ASSET_META } from "@planify/common/constants/item-creator";
import type { ItemAssetMeta, ItemAssetStyle } from "@planify/common/schemas/items";
import type { DrawableLayer } from "../../../components/item-art/drawable-item";
import {
  DEFAULT_LAYER_STYLE,
  LAYER_TARGETS,
  styleKey,
  type ItemSurface,
  type LayerPlacement,
  type PlacedSurface,
} from "../../../components/item-art/surfaces";

/** A layer as the creator edits it: the stored shape plus a stable key for lists and focus. */
export type EditorLayer = DrawableLayer & { key: string };

/** Numbers the editor writes into a style (percent of the box, degrees). */
export interface LayerBox {
  top: number;
  left: number;
  width: number;
  height: number | undefined;
  rotate: number;
  zIndex: number;
  objectFit: "contain" | "cover" | "fill";
}

/** Smallest and largest sizes and offsets the editor allows, in percent of the avatar. */
export const MIN_SIZE = 5;
export const MAX_SIZE = 400;
export const MAX_OFFSET = 200;
/** Arrow keys move by 1 %, with Shift by 10 %. */
export const NUDGE = 1;
export const BIG_NUDGE = 10;

let counter = 0;
const nextKey = () => `layer-${Date.now().toString(36)}-${(counter++).toString(36)}`;

const round = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const num = (v: number | string | undefined, fallback: number) => {
  const n = typeof v === "number" ? v : Number.parseFloat(v ?? "");
  return Number.isFinite(n) ? n : fallback;
};

/** A new layer from an uploaded image, with the spec's defaults on every surface. */
export function newLayer(src: string): EditorLayer {
  return { key: nextKey(), src, style: { ...DEFAULT_LAYER_STYLE }, meta: { ...DEFAULT_ASSET_META } };
}

/** Gives stored layers the keys the editor needs. */
export const withKeys = (layers: readonly DrawableLayer[]): EditorLayer[] => layers.map((l) => ({ ...l, key: nextKey() }));

/** The numbers of a layer on a surface (its own style there, else its general one, else defaults). */
export function boxOf(layer: DrawableLayer, surface: ItemSurface, mobile = false): LayerBox {
  const s: ItemAssetStyle = layer[styleKey(surface, mobile)] ?? layer.style ?? {};
  const d = DEFAULT_LAYER_STYLE;
  const fit = s.objectFit === "cover" || s.objectFit === "fill" ? s.objectFit : "contain";
  return {
    top: num(s.top, d.top),
    left: num(s.left, d.left),
    width: num(s.width, d.width),
    height: s.height === undefined ? undefined : num(s.height, d.width),
    rotate: num(s.rotate, d.rotate),
    zIndex: s.zIndex ?? d.zIndex,
    objectFit: fit,
  };
}

/** Writes a change to a layer's style on one surface only (the other surfaces keep theirs). */
export function patchBox(layer: EditorLayer, surface: ItemSurface, mobile: boolean, patch: Partial<LayerBox>): EditorLayer {
  const next = { ...boxOf(layer, surface, mobile), ...patch };
  const style: ItemAssetStyle = {
    top: round(clamp(next.top, -MAX_OFFSET, MAX_OFFSET)),
    left: round(clamp(next.left, -MAX_OFFSET, MAX_OFFSET)),
    width: round(clamp(next.width, MIN_SIZE, MAX_SIZE)),
    rotate: round(((next.rotate % 360) + 360) % 360),
    zIndex: Math.round(clamp(next.zIndex, -10, 100)),
    objectFit: next.objectFit,
  };
  if (next.height !== undefined) style.height = round(clamp(next.height, MIN_SIZE, MAX_SIZE));
  return { ...layer, [styleKey(surface, mobile)]: style };
}

/** Moves a layer by a pointer drag: pixels on screen become percent of the avatar box. */
export function dragBy(
  layer: EditorLayer,
  surface: ItemSurface,
  mobile: boolean,
  start: LayerBox,
  dxPx: number,
  dyPx: number,
  boxPx: number,
): EditorLayer {
  return patchBox(layer, surface, mobile, { left: start.left + (dxPx / boxPx) * 100, top: start.top + (dyPx / boxPx) * 100 });
}

/** Resizes a layer by dragging its corner: keeps the top-left corner, and the ratio when square. */
export function resizeBy(
  layer: EditorLayer,
  surface: ItemSurface,
  mobile: boolean,
  start: LayerBox,
  dxPx: number,
  dyPx: number,
  boxPx: number,
): EditorLayer {
  const width = start.width + (dxPx / boxPx) * 100;
  const height = start.height === undefined ? undefined : start.height + (dyPx / boxPx) * 100;
  return patchBox(layer, surface, mobile, { width, height });
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * What an arrow key does to the selected layer: moves it (Shift: by 10), or with Alt resizes
 * it (right/up larger, left/down smaller). Null for any other key.
 */
export function nudge(
  layer: EditorLayer,
  surface: ItemSurface,
  mobile: boolean,
  key: string,
  shift: boolean,
  alt: boolean,
): EditorLayer | null {
  const dir = ARROWS[key];
  if (!dir) return null;
  const step = shift ? BIG_NUDGE : NUDGE;
  const box = boxOf(layer, surface, mobile);
  if (alt) {
    const grow = dir[0] !== 0 ? dir[0] : -dir[1];
    return patchBox(layer, surface, mobile, {
      width: box.width + grow * step,
      height: box.height === undefined ? undefined : box.height + grow * step,
    });
  }
  return patchBox(layer, surface, mobile, { left: box.left + dir[0] * step, top: box.top + dir[1] * step });
}

/** The layer's placement and target on one of the three surfaces that have them. */
export function placementOf(layer: DrawableLayer, surface: PlacedSurface): { placement: LayerPlacement; target: string } {
  const p = layer.meta?.[`${surface}Placement`];
  const placement: LayerPlacement = p === "above" || p === "inside" ? p : "below";
  const t = layer.meta?.[`${surface}Target`];
  return { placement, target: t && LAYER_TARGETS[surface].includes(t) ? t : LAYER_TARGETS[surface][0] };
}

export function setPlacement(
  layer: EditorLayer,
  surface: PlacedSurface,
  patch: { placement?: LayerPlacement; target?: string },
): EditorLayer {
  const meta: Record<string, string> = { ...layer.meta };
  if (patch.placement) meta[`${surface}Placement`] = patch.placement;
  if (patch.target && LAYER_TARGETS[surface].includes(patch.target)) meta[`${surface}Target`] = patch.target;
  return { ...layer, meta: meta as ItemAssetMeta };
}

/** Moves a layer one step up or down the list (the list order is the drawing order). */
export function reorder<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

const SURFACE_STYLE_KEYS = [
  "collectionStyle",
  "collectionStyleMobile",
  "leaderboardStyle",
  "leaderboardStyleMobile",
  "avatarStyle",
  "avatarStyleMobile",
  "navbarStyle",
  "navbarStyleMobile",
  "popupStyleStyle",
  "profilePopupStyle",
] as const;

/** Makes this surface's placement the layer's placement everywhere (the other surfaces' own ones go). */
export function applyEverywhere(layer: EditorLayer, surface: ItemSurface, mobile: boolean): EditorLayer {
  const own = patchBox(layer, surface, mobile, {})[styleKey(surface, mobile)];
  const next: EditorLayer = { ...layer, style: own };
  for (const k of SURFACE_STYLE_KEYS) delete next[k];
  return next;
}
