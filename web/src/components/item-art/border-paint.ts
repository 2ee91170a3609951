import { borderColor, DEFAULT_BORDER_COLOR_ID, parseColorSelection } from "@planify/common/constants/border-colors";

/** What a stored selection draws: the CSS paint of the ring and the two style variants. */
export interface ResolvedBorder {
  colorId: string;
  paint: string;
  discordVariant: number;
  jojoVariant: number;
}

/** The CSS background that paints a border colour or gradient (default black when unknown). */
export function borderPaint(colorId: string | null | undefined): string {
  const c = borderColor(colorId ?? "") ?? borderColor(DEFAULT_BORDER_COLOR_ID)!;
  return c.gradient ?? c.color;
}

/** Reads a bare or composite colour id ("red" or "red|dv=1|jv=0"); unknown ids fall back to the default. */
export function resolveBorder(selected: string | null | undefined): ResolvedBorder {
  const sel = parseColorSelection(selected ?? "") ?? { colorId: DEFAULT_BORDER_COLOR_ID, discordVariant: 0, jojoVariant: 0 };
  return { ...sel, paint: borderPaint(sel.colorId) };
}
