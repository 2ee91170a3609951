/**
 * Readable text on subject colours. A subject's background is a colour or a gradient, each
 * stop with its own opacity; axe cannot judge text on a gradient, so this module does: the
 * text colour (white or dark) is the one whose worst stop, composited over the surfaces the
 * label sits on (light and dark theme), contrasts most. When neither reaches WCAG AA
 * (4.5:1), the failing stops are shaded (toward black under white text, toward white under
 * dark text) just enough to reach it, keeping their hue.
 */

export type Rgb = readonly [number, number, number];
export interface Stop {
  rgb: Rgb;
  /** 0–1 */
  alpha: number;
}

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;
export const WHITE_TEXT = "#ffffff";
/** The light theme's text colour (tokens.css --color-text). */
export const DARK_TEXT = "#111827";
/** What subject labels sit on: the light and the dark theme's surface (tokens.css --color-surface). */
export const SURFACES: readonly Rgb[] = [
  [255, 255, 255],
  [26, 31, 51],
];

const WHITE: Rgb = [255, 255, 255];
const DARK: Rgb = [17, 24, 39];
const BLACK: Rgb = [0, 0, 0];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** Parses #rgb, #rrggbb, rgb()/rgba() (comma or space syntax) and hsl(); null when unknown. */
export function parseColour(css: string): Stop | null {
  const text = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join("") : hex[1]!;
    const n = Number.parseInt(h, 16);
    return { rgb: [(n >> 16) & 255, (n >> 8) & 255, n & 255], alpha: 1 };
  }
  const fn = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(text);
  if (!fn) return null;
  const parts = fn[2]!.split(/[\s,/]+/).filter(Boolean);
  const num = (p: string | undefined, scale: number) =>
    p === undefined ? 1 : p.endsWith("%") ? Number.parseFloat(p) / 100 : Number.parseFloat(p) / scale;
  const alpha = Math.min(1, Math.max(0, num(parts[3], 1)));
  if (fn[1]!.startsWith("rgb")) {
    const c = parts.slice(0, 3).map((p) => Math.round(p.endsWith("%") ? (Number.parseFloat(p) * 255) / 100 : Number.parseFloat(p)));
    return c.every(Number.isFinite) ? { rgb: [c[0]!, c[1]!, c[2]!], alpha } : null;
  }
  const rgb = hslToRgb(Number.parseFloat(parts[0]!), num(parts[1], 100), num(parts[2], 100));
  return rgb.every(Number.isFinite) ? { rgb, alpha } : null;
}

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** WCAG contrast ratio of two opaque colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i]! * (1 - t) + b[i]! * t)) as unknown as Rgb;

/** The colour a translucent stop shows over an opaque one. */
export function composite(stop: Stop, under: Rgb): Rgb {
  return mix(under, stop.rgb, stop.alpha);
}

/** The lowest contrast of `text` over every stop, each over every surface. */
export function worstContrast(text: Rgb, stops: readonly Stop[], under: readonly Rgb[] = SURFACES): number {
  return Math.min(...stops.flatMap((s) => under.map((u) => contrastRatio(text, composite(s, u)))));
}

/** A stop made opaque and shaded toward `toward` just enough for `text` to reach MIN_CONTRAST. */
function shade(stop: Stop, text: Rgb, toward: Rgb, under: readonly Rgb[]): Stop {
  if (worstContrast(text, [stop], under) >= MIN_CONTRAST) return stop;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 12; i++) {
    const t = (lo + hi) / 2;
    if (contrastRatio(text, mix(stop.rgb, toward, t)) >= MIN_CONTRAST) hi = t;
    else lo = t;
  }
  return { rgb: mix(stop.rgb, toward, hi), alpha: 1 };
}

export interface Readable {
  /** WHITE_TEXT or DARK_TEXT. */
  color: string;
  /** The stops to paint: the given ones, or shaded ones when neither text colour reached 4.5:1. */
  stops: Stop[];
}

/** Picks the text colour for a subject's stops (the worst stop decides) and shades stops that still fail. */
export function readableOn(stops: readonly Stop[], under: readonly Rgb[] = SURFACES): Readable {
  const white = worstContrast(WHITE, stops, under);
  const dark = worstContrast(DARK, stops, under);
  const [text, color, toward] = white >= dark ? [WHITE, WHITE_TEXT, BLACK] : [DARK, DARK_TEXT, WHITE];
  return { color, stops: stops.map((s) => shade(s, text, toward, under)) };
}

/** CSS of one stop: rgb() when opaque, rgba() otherwise. */
export function stopCss({ rgb: [r, g, b], alpha }: Stop): string {
  return alpha >= 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${Number(alpha.toFixed(3))})`;
}
