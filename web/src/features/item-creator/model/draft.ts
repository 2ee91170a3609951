import { BASE_VARIANT_NAME, variantName } from "@planify/common/constants/item-creator";
import type { ItemInput } from "@planify/common/schemas/item-creator";
import type { ShopItem } from "@planify/common/schemas/items";
import type { DrawableItem, DrawableLayer, DrawableVariant } from "../../../components/item-art/drawable-item";
import { BACKGROUND_KEYS, type ItemSurface } from "../../../components/item-art/surfaces";
import { withKeys, type EditorLayer } from "./layers";

/** How a background is chosen in the form; stored as one CSS paint string (or null). */
export interface BackgroundChoice {
  kind: "none" | "color" | "gradient";
  color: string;
  color2: string;
  angle: number;
}
export const NO_BACKGROUND: BackgroundChoice = { kind: "none", color: "#3b82f6", color2: "#a855f7", angle: 135 };

export interface DraftVariant {
  name: string;
  layers: EditorLayer[];
  backgrounds: Partial<Record<ItemSurface, BackgroundChoice>>;
  textOnly: boolean;
  textContent: string;
  removeNavbarBorder: boolean;
  removeLeaderboardBorder: boolean;
  removeProfilePopupBorder: boolean;
}

/** The item creator's form. Variant 0 is the base item ('Style'); numbers stay text until saved. */
export interface ItemDraft {
  /** The stored id when editing, null for a new item. */
  editingId: string | null;
  legacyId: string;
  name: string;
  price: string;
  infoDescription: string;
  availableInDailyShop: boolean;
  borderOpacity: number;
  backgroundOpacity: number;
  credits: string;
  variants: DraftVariant[];
}

export { BASE_VARIANT_NAME };

export function emptyVariant(name: string): DraftVariant {
  return {
    name,
    layers: [],
    backgrounds: {},
    textOnly: false,
    textContent: "",
    removeNavbarBorder: false,
    removeLeaderboardBorder: false,
    removeProfilePopupBorder: false,
  };
}

export function emptyDraft(): ItemDraft {
  return {
    editingId: null,
    legacyId: "",
    name: "",
    price: "0",
    infoDescription: "",
    availableInDailyShop: true,
    borderOpacity: 1,
    backgroundOpacity: 100,
    credits: "",
    variants: [emptyVariant(BASE_VARIANT_NAME)],
  };
}

/** The name of a new variant: 'Variante N', N the first free number after the existing ones. */
export function nextVariantName(variants: readonly { name: string }[]): string {
  const taken = new Set(variants.map((v) => v.name.trim().toLowerCase()));
  let n = variants.length + 1;
  while (taken.has(variantName(n).toLowerCase())) n++;
  return variantName(n);
}

/** The CSS paint a background choice stores. */
export function paintOf(b: BackgroundChoice | undefined): string | null {
  if (!b || b.kind === "none") return null;
  return b.kind === "color" ? b.color : `linear-gradient(${b.angle}deg, ${b.color}, ${b.color2})`;
}

const HEX = "#[0-9a-fA-F]{6}";
const GRADIENT = new RegExp(`^linear-gradient\\((\\d{1,3})deg,\\s*(${HEX}),\\s*(${HEX})\\)$`);

/** Reads a stored paint back into the form (anything unknown becomes none). */
export function choiceOf(paint: unknown): BackgroundChoice {
  if (typeof paint !== "string") return NO_BACKGROUND;
  if (new RegExp(`^${HEX}$`).test(paint)) return { ...NO_BACKGROUND, kind: "color", color: paint };
  const g = GRADIENT.exec(paint);
  return g ? { kind: "gradient", angle: Number(g[1]), color: g[2]!, color2: g[3]! } : NO_BACKGROUND;
}

const stripKey = ({ key: _key, ...layer }: EditorLayer): DrawableLayer => layer;

function storedBackgrounds(v: DraftVariant): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [surface, key] of Object.entries(BACKGROUND_KEYS)) {
    const paint = paintOf(v.backgrounds[surface as ItemSurface]);
    if (paint) out[key] = paint;
  }
  return out;
}

/** A variant as stored and drawn. */
export function storedVariant(
  v: DraftVariant,
): Required<Omit<DrawableVariant, "backgrounds">> & { backgrounds: Record<string, string | null>; assets: DrawableLayer[] } {
  return {
    name: v.name.trim() || BASE_VARIANT_NAME,
    assets: v.textOnly ? [] : v.layers.map(stripKey),
    backgrounds: storedBackgrounds(v),
    textOnly: v.textOnly,
    textContent: v.textOnly ? v.textContent : "",
    removeNavbarBorder: v.removeNavbarBorder,
    removeLeaderboardBorder: v.removeLeaderboardBorder,
    removeProfilePopupBorder: v.removeProfilePopupBorder,
  };
}

/** What the avatar renderer draws for the draft: the same shape as a saved item. */
export function drawableOf(d: ItemDraft): DrawableItem {
  const variants = d.variants.map(storedVariant);
  const base = variants[0]!;
  return {
    assets: base.assets,
    backgrounds: base.backgrounds,
    variants: variants.length > 1 ? variants : [],
    removeNavbarBorder: base.removeNavbarBorder,
    removeLeaderboardBorder: base.removeLeaderboardBorder,
    removeProfilePopupBorder: base.removeProfilePopupBorder,
    borderOpacity: d.borderOpacity,
    backgroundOpacity: d.backgroundOpacity,
    hasDefaultText: base.textOnly,
    defaultText: base.textContent,
  };
}

/** A stored variant back into the form. */
export function draftVariant(v: DrawableVariant & { textContent?: string }): DraftVariant {
  const backgrounds: DraftVariant["backgrounds"] = {};
  for (const [surface, key] of Object.entries(BACKGROUND_KEYS)) {
    const c = choiceOf(v.backgrounds?.[key]);
    if (c.kind !== "none") backgrounds[surface as ItemSurface] = c;
  }
  return {
    name: v.name,
    layers: withKeys(v.assets),
    backgrounds,
    textOnly: Boolean(v.textOnly),
    textContent: v.textContent ?? "",
    removeNavbarBorder: Boolean(v.removeNavbarBorder),
    removeLeaderboardBorder: Boolean(v.removeLeaderboardBorder),
    removeProfilePopupBorder: Boolean(v.removeProfilePopupBorder),
  };
}

/** The body of POST /items and PUT /items/{id} (numbers are checked by validateDraft first). */
export function toBody(d: ItemDraft): ItemInput {
  const base = storedVariant(d.variants[0]!);
  return {
    legacyId: Number(d.legacyId.trim()),
    name: d.name.trim(),
    price: Number(d.price.trim()),
    type: "generic",
    infoDescription: d.infoDescription.trim(),
    availableInDailyShop: d.availableInDailyShop,
    removeNavbarBorder: base.removeNavbarBorder,
    removeLeaderboardBorder: base.removeLeaderboardBorder,
    removeProfilePopupBorder: base.removeProfilePopupBorder,
    hasDefaultText: base.textOnly,
    defaultText: base.textOnly ? base.textContent : "",
    assets: base.assets,
    backgrounds: base.backgrounds,
    variants: d.variants.length > 1 ? d.variants.map(storedVariant) : [],
    credits: d.credits.trim(),
    borderOpacity: d.borderOpacity,
    backgroundOpacity: d.backgroundOpacity,
  };
}

/** A saved item back into the form, to edit it. */
export function fromItem(item: ShopItem): ItemDraft {
  const base = draftVariant({
    name: BASE_VARIANT_NAME,
    assets: item.assets,
    backgrounds: item.backgrounds,
    textOnly: item.hasDefaultText,
    textContent: item.defaultText,
    removeNavbarBorder: item.removeNavbarBorder,
    removeLeaderboardBorder: item.removeLeaderboardBorder,
    removeProfilePopupBorder: item.removeProfilePopupBorder,
  });
  // With variants, the first one is the base as the style picker shows it.
  const variants = item.variants.length > 0 ? item.variants.map(draftVariant) : [base];
  return {
    editingId: item._id,
    legacyId: String(item.legacyId),
    name: item.name,
    price: String(item.price ?? 0),
    infoDescription: item.infoDescription,
    availableInDailyShop: item.availableInDailyShop,
    borderOpacity: item.borderOpacity,
    backgroundOpacity: item.backgroundOpacity,
    credits: item.credits,
    variants,
  };
}
