/**
 * Border colours and gradients (spec 2 §3): legacy ids 100–109 and 133–143 are basic
 * colours and gradients, 110–132 themed colours, 200–231 the numbered gradients g200–g231.
 * Black (100) is the free default every account has unlocked.
 */
export interface BorderColor {
  /** Stable string id, sent to the server (inside the composite id) and stored. */
  id: string;
  legacyId: number;
  name: string;
  /** A CSS colour (for gradients: the main stop, used where a gradient cannot be drawn). */
  color: string;
  /** A CSS linear-gradient for gradient borders, null for plain colours. */
  gradient: string | null;
  /** Price in Planify Coins; 0 for the free default. */
  price: number;
  type: "border-color" | "border-gradient";
}

export const DEFAULT_BORDER_COLOR_ID = "black";

const plain = (legacyId: number, id: string, name: string, color: string, price: number): BorderColor => ({
  id, legacyId, name, color, gradient: null, price, type: "border-color",
});
const grad = (legacyId: number, id: string, name: string, stops: string[], price: number): BorderColor => ({
  id, legacyId, name, color: stops[0]!, gradient: `linear-gradient(135deg, ${stops.join(", ")})`, price, type: "border-gradient",
});

const BASIC: BorderColor[] = [
  plain(100, "black", "Noir", "#111111", 0),
  plain(101, "white", "Blanc", "#f5f5f5", 60),
  plain(102, "red", "Rouge", "#e53935", 60),
  plain(103, "orange", "Orange", "#fb8c00", 60),
  plain(104, "yellow", "Jaune", "#fdd835", 60),
  plain(105, "green", "Vert", "#43a047", 60),
  plain(106, "blue", "Bleu", "#1e88e5", 60),
  plain(107, "purple", "Violet", "#8e24aa", 60),
  plain(108, "pink", "Rose", "#ec407a", 60),
  plain(109, "grey", "Gris", "#9e9e9e", 60),
];

const THEMED: BorderColor[] = (
  [
    ["gold", "Or", "#d4af37"], ["silver", "Argent", "#c0c0c0"], ["bronze", "Bronze", "#cd7f32"],
    ["neon", "Néon", "#39ff14"], ["mint", "Menthe", "#3eb489"], ["lavender", "Lavande", "#b57edc"],
    ["coral", "Corail", "#ff7f50"], ["turquoise", "Turquoise", "#40e0d0"], ["burgundy", "Bordeaux", "#800020"],
    ["emerald", "Émeraude", "#50c878"], ["sapphire", "Saphir", "#0f52ba"], ["ruby", "Rubis", "#e0115f"],
    ["amethyst", "Améthyste", "#9966cc"], ["copper", "Cuivre", "#b87333"], ["khaki", "Kaki", "#8f8a5a"],
    ["navy", "Marine", "#1b2a6b"], ["salmon", "Saumon", "#fa8072"], ["peach", "Pêche", "#ffcba4"],
    ["sand", "Sable", "#e2c290"], ["chocolate", "Chocolat", "#7b3f00"], ["cherry", "Cerise", "#de3163"],
    ["lime", "Citron vert", "#9acd32"], ["sky", "Ciel", "#87ceeb"],
  ] as const
).map(([id, name, color], i) => plain(110 + i, id, name, color, 100));

const BASIC_GRADIENTS: BorderColor[] = (
  [
    ["sunset", "Coucher de soleil", ["#ff7e5f", "#feb47b"]], ["ocean", "Océan", ["#2193b0", "#6dd5ed"]],
    ["forest", "Forêt", ["#134e5e", "#71b280"]], ["fire", "Feu", ["#f12711", "#f5af19"]],
    ["ice", "Glace", ["#83a4d4", "#b6fbff"]], ["candy", "Bonbon", ["#ff9a9e", "#fecfef"]],
    ["night", "Nuit", ["#0f2027", "#203a43", "#2c5364"]], ["aurora", "Aurore boréale", ["#00c9ff", "#92fe9d"]],
    ["royal", "Royal", ["#141e30", "#243b55"]], ["peach-melba", "Pêche melba", ["#ffecd2", "#fcb69f"]],
    ["rainbow", "Arc-en-ciel", ["#ff0000", "#ff9900", "#ffee00", "#33cc33", "#3399ff", "#9933ff"]],
  ] as const
).map(([id, name, stops], i) => grad(133 + i, id, name, [...stops], 150));

const NUMBERED_GRADIENT_NAMES = [
  "Aube", "Crépuscule", "Lagon", "Volcan", "Prairie", "Glacier", "Mirage", "Nébuleuse",
  "Récif", "Tropique", "Sakura", "Orage", "Agrume", "Mangue", "Myrtille", "Framboise",
  "Pistache", "Caramel", "Minuit", "Éclipse", "Cosmos", "Sirène", "Dragon", "Phénix",
  "Licorne", "Azur", "Toundra", "Désert", "Jungle", "Lave", "Polaire", "Zénith",
];

/** g200–g231: two-stop gradients spread around the colour wheel. */
const NUMBERED_GRADIENTS: BorderColor[] = NUMBERED_GRADIENT_NAMES.map((name, i) => {
  const hue = (i * 47) % 360;
  const hue2 = (hue + 55 + (i % 4) * 25) % 360;
  return grad(200 + i, `g${200 + i}`, name, [`hsl(${hue}, 85%, 55%)`, `hsl(${hue2}, 80%, 50%)`], 200);
});

export const BORDER_COLORS: readonly BorderColor[] = [...BASIC, ...THEMED, ...BASIC_GRADIENTS, ...NUMBERED_GRADIENTS];

const BY_ID = new Map(BORDER_COLORS.map((c) => [c.id, c]));
const BY_LEGACY = new Map(BORDER_COLORS.map((c) => [c.legacyId, c]));

/** The border colour with this string id, or undefined. */
export function borderColor(id: string): BorderColor | undefined {
  return BY_ID.get(id);
}

/** The border colour with this legacy (item) id, or undefined. */
export function borderColorByLegacyId(legacyId: number): BorderColor | undefined {
  return BY_LEGACY.get(legacyId);
}

/** Colours the daily shop may draw: every priced colour. */
export const DAILY_SHOP_COLOR_POOL: readonly string[] = BORDER_COLORS.filter((c) => c.price > 0).map((c) => c.id);

/** A border selection: the colour plus the Discord (0–2) and Jojo (0–1) style variants. */
export interface ColorSelection {
  colorId: string;
  discordVariant: number;
  jojoVariant: number;
}

export const DISCORD_VARIANTS = 3;
export const JOJO_VARIANTS = 2;

/** Encodes a selection as the composite colour id sent to POST /coins/border-color: "red:1:0". */
export function encodeColorSelection(s: ColorSelection): string {
  return `${s.colorId}:${s.discordVariant}:${s.jojoVariant}`;
}

/**
 * Parses a composite colour id ("red", "red:1" or "red:1:0"). Returns null when the colour
 * is unknown or a variant is out of range (Discord 0–2, Jojo 0–1).
 */
export function parseColorSelection(composite: string): ColorSelection | null {
  const [colorId = "", d = "0", j = "0", ...rest] = composite.trim().split(":");
  if (rest.length > 0 || !BY_ID.has(colorId) || !/^\d$/.test(d) || !/^\d$/.test(j)) return null;
  const discordVariant = Number(d);
  const jojoVariant = Number(j);
  if (discordVariant >= DISCORD_VARIANTS || jojoVariant >= JOJO_VARIANTS) return null;
  return { colorId, discordVariant, jojoVariant };
}
