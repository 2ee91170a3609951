import { borderColor, DEFAULT_BORDER_COLOR_ID, parseColorSelection } from "@planify/common/constants/border-colors";

/** What a stored selection draws: the CSS paint of the ring and the two style variants. */
export interface ResolvedBorder {
  colorId: string;
  paint: string;
  discordVariant: number;
  jojoVariant: number;
}

/** Finds a colour the fixed catalogue does not know (colours made in the item creator). */
export type ColorLookup = (colorId: string) => { color: string; gradient: string | null } | undefined;

/** The colour id inside a bare or composite selection ("red|dv=1|jv=0" → "red"). */
export const colorIdOf = (selected: string | null | undefined) => (selected ?? "").split("|")[0]!.trim();

/** The CSS background that paints a border colour or gradient (default black when unknown). */
export function borderPaint(colorId: string | null | undefined, lookup?: ColorLookup): string {
  const c = borderColor(colorId ?? "") ?? (colorId ? lookup?.(colorId) : undefined) ?? borderColor(DEFAULT_BORDER_COLOR_ID)!;
  return c.gradient ?? c.color;
}

/** Reads a bare or composite colour id ("red" or "red|dv=1|jv=0"); unknown ids fall back to the default. */
export function resolveBorder(selected: string | null | undefined, lookup?: ColorLookup): ResolvedBorder {
  const known = (id: string) => borderColor(id) !== undefined || lookup?.(id) !== undefined;
  const sel = parseColorSelection(selected ?? "", known) ?? { colorId: DEFAULT_BORDER_COLOR_ID, discordVariant: 0, jojoVariant: 0 };
  return { ...sel, paint: borderPaint(sel.colorId, lookup) };
}
