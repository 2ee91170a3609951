/**
 * Border colours and gradients: the catalogue of record that schools running Planify
 * already use (ids, item numbers, names and colours must not drift: reward codes, gifts
 * and purchases refer to them). Prices are ours. `default` (black) is free and owned by
 * every account; it has no item number.
 */
export interface BorderColor {
  /** Stable string id, sent to the server (inside the composite id) and stored. */
  id: string;
  /** The item number (100–143, 200–231); null for the free default. */
  legacyId: number | null;
  name: string;
  /** A CSS colour (for gradients: the main stop, used where a gradient cannot be drawn). */
  color: string;
  /** A CSS linear-gradient for gradient borders, null for plain colours. */
  gradient: string | null;
  /** Price in Planify Coins; 0 for the free default. */
  price: number;
  type: "border-color" | "border-gradient";
}

export const DEFAULT_BORDER_COLOR_ID = "default";

const PRICE = { basic: 60, themed: 100, gradient: 150, numbered: 200 } as const;

type Row = readonly [legacyId: number, id: string, name: string, color: string, gradient?: string];

const make =
  (price: number) =>
  ([legacyId, id, name, color, gradient]: Row): BorderColor => ({
    id,
    legacyId,
    name,
    color,
    gradient: gradient ?? null,
    price,
    type: gradient ? "border-gradient" : "border-color",
  });

const BASIC: Row[] = [
  [100, "red", "Rouge", "#FF0000"],
  [102, "green", "Vert", "#00FF00"],
  [101, "blue", "Bleu", "#0066FF"],
  [103, "yellow", "Jaune", "#FFFF00"],
  [107, "cyan", "Cyan", "#00FFFF"],
  [129, "magenta", "Magenta", "#FF00FF"],
  [105, "orange", "Orange", "#FF8800"],
  [106, "pink", "Rose", "#FF2F72"],
  [104, "purple", "Violet", "#7A1FFF"],
  [132, "white", "Blanc", "#FFFFFF"],
  [130, "lime-green", "Vert Lime", "#00FF80"],
  [131, "royal-blue", "Bleu Royal", "#0FA3B1"],
];

const THEMED: Row[] = [
  [108, "gold", "Or", "#FFD700"],
  [109, "silver", "Argent", "#C0C0C0"],
  [133, "bronze", "Bronze", "#CD7F32"],
  [110, "rainbow", "Arc-en-ciel", "#ffffff", "linear-gradient(90deg, #ff0000, #ffa500, #ffff00, #00ff00, #00ffff, #0000ff, #8b00ff)"],
  [111, "fire", "Feu", "#FF4D00"],
  [112, "ice", "Glace", "#A7E8FF"],
  [113, "sunset", "Coucher de soleil", "#FF7A00"],
  [114, "ocean", "Océan", "#0077BE"],
  [115, "forest", "Forêt", "#228B22"],
  [116, "desert", "Désert", "#C2B280"],
  [117, "galaxy", "Galaxie", "#3f0b6d", "linear-gradient(90deg,#0d0b2d,#3f0b6d,#0b4a6d)"],
  [118, "aurora", "Aurore", "#26ffb2", "linear-gradient(90deg,#26ffb2,#00c1ff,#7a1fff)"],
  [119, "volcano", "Volcan", "#8B0000"],
  [120, "crystal", "Cristal", "#9AD9FF"],
  // The colour of Minuit was never recorded: a deep night blue (CSS midnightblue).
  [121, "midnight", "Minuit", "#191970"],
  [122, "dawn", "Aube", "#FFDAB9"],
  [123, "dusk", "Crépuscule", "#5B4B8A"],
  [124, "storm", "Tempête", "#708090"],
  [125, "spring", "Printemps", "#7CFC00"],
  [126, "summer", "Été", "#F4C430"],
  [127, "autumn", "Automne", "#D2691E"],
  [128, "winter", "Hiver", "#ADD8E6"],
];

const GRADIENTS: Row[] = [
  [143, "gradient-instagram", "Néon", "#FF0000", "linear-gradient(45deg,#FF0000,#7A1FFF,#0066FF)"],
  [134, "gradient-mint", "Menthe polaire", "#00FF80", "linear-gradient(45deg,#00FF80,#00FFFF,#7A1FFF)"],
  [135, "gradient-sunset", "Crépuscule doré", "#FF7A00", "linear-gradient(45deg,#FFFF00,#FFA500,#FF0000)"],
  [136, "gradient-duo", "Azur Mandarine", "#FF7A00", "linear-gradient(45deg,#00A2FF,#FF7A00)"],
  [137, "gradient-red-fade", "Brume rouge", "#FF0000", "linear-gradient(180deg, #FF0000, rgba(255,0,0,0))"],
  [138, "gradient-green-fade", "Brume verte", "#00FF00", "linear-gradient(180deg, #00FF00, rgba(0,255,0,0))"],
  [139, "gradient-blue-fade", "Brume bleue", "#0066FF", "linear-gradient(180deg, #0066FF, rgba(0,102,255,0))"],
  [140, "gradient-yellow-fade", "Aube", "#FFFF00", "linear-gradient(180deg, #FFFF00, rgba(255,255,0,0))"],
  [141, "gradient-cyan-fade", "Lagune", "#00FFFF", "linear-gradient(180deg, #00FFFF, rgba(0,255,255,0))"],
  [142, "gradient-magenta-fade", "Orchidée", "#FF00FF", "linear-gradient(180deg, #FF00FF, rgba(255,0,255,0))"],
];

/** g200–g231: [name, stops]; the main colour is the last stop. */
const NUMBERED: readonly (readonly [string, string])[] = [
  ["Neige", "#ffffff,#424240"],
  ["Gris Urbain", "#1d1d1b,#cbcbcb"],
  ["Néon Tricolore", "#fc0103,#763589,#0460fb"],
  ["Néon Menthe", "#00ff06,#00fffa"],
  ["Nébuleuse", "#03faff,#4982ff,#9304ff"],
  ["Soleil", "#fffa00,#ff7a00,#ff7a00"],
  ["Violet Profond", "#9205fa,#9205fa,#9205fa"],
  ["Magenta Royal", "#fd00ed,#c900f6,#9700ff"],
  ["Aurore Boréale", "#05faff,#807ff6,#fa05ed"],
  ["Tropical", "#ff035a,#ff422a,#ff7602"],
  ["Jardin d’été", "#06fc9f,#81bb51,#fa7c03"],
  ["Crépuscule", "#0663f9,#826e7d,#f97806"],
  ["Rouge Pastel", "#ff0505,#fffafa"],
  ["Vert Pastel", "#06ff06,#fafffa"],
  ["Bleu Profond", "#0666ff,#ffffff"],
  ["Jaune Pastel", "#ffff05,#fffff9"],
  ["Cyan Pastel", "#08ffff,#f6ffff"],
  ["Rose Pastel", "#ff05ed,#fff9ff"],
  ["Violet Pastel", "#9706ff,#fdfbff"],
  ["Fuchsia Pastel", "#ff0660,#fffbfd"],
  ["Orange Pastel", "#ff7c06,#fffcfa"],
  ["Menthe Pastel", "#05ffa5,#f8fffc"],
  ["Lave", "#fa0000,#030000"],
  ["Jungle Nocturne", "#00f800,#000400"],
  ["Océan Nuit", "#005ff8,#000205"],
  ["Soleil Éteint", "#f8f800,#030300"],
  ["Glacier Nuit", "#00f9f9,#000505"],
  ["Fuchsia Nuit", "#f900e7,#050004"],
  ["Galaxie Nuit", "#9200f9,#030005"],
  ["Rose Nuit", "#f9005a,#060002"],
  ["Ambre Nuit", "#f77500,#060002"],
  ["Émeraude Nuit", "#01f9a0,#1c231f"],
];

// The recorded main colour is the last stop, except for g214 Bleu Profond (its first).
const NUMBERED_MAIN: Record<number, string> = { 214: "#0666ff" };

const NUMBERED_ROWS: Row[] = NUMBERED.map(([name, stops], i) => {
  const n = 200 + i;
  const main = NUMBERED_MAIN[n] ?? stops.split(",").at(-1)!;
  return [n, `g${n}`, name, main, `linear-gradient(135deg,${stops})`];
});

const FREE_DEFAULT: BorderColor = {
  id: DEFAULT_BORDER_COLOR_ID,
  legacyId: null,
  name: "Noir",
  color: "#000000",
  gradient: null,
  price: 0,
  type: "border-color",
};

export const BORDER_COLORS: readonly BorderColor[] = [
  FREE_DEFAULT,
  ...BASIC.map(make(PRICE.basic)),
  ...THEMED.map((r) => make(r[4] ? PRICE.gradient : PRICE.themed)(r)),
  ...GRADIENTS.map(make(PRICE.gradient)),
  ...NUMBERED_ROWS.map(make(PRICE.numbered)),
];

const BY_ID = new Map(BORDER_COLORS.map((c) => [c.id, c]));
const BY_LEGACY = new Map(BORDER_COLORS.filter((c) => c.legacyId !== null).map((c) => [c.legacyId!, c]));

/** The border colour with this string id, or undefined. */
export function borderColor(id: string): BorderColor | undefined {
  return BY_ID.get(id);
}

/** The border colour with this item number, or undefined. */
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

/** Encodes a selection as the composite colour id stored and sent: "ocean|dv=0|jv=0". */
export function encodeColorSelection(s: ColorSelection): string {
  return `${s.colorId}|dv=${s.discordVariant}|jv=${s.jojoVariant}`;
}

const COMPOSITE = /^([^|]+?)(?:\|dv=(\d))?(?:\|jv=(\d))?$/;

/**
 * Parses a composite colour id ("ocean|dv=1|jv=0") or a bare colour id ("ocean", meaning
 * dv=0 and jv=0). Null when the colour is unknown or a variant is out of range. `known` says
 * which colour ids exist: the fixed catalogue by default; the server adds the created colours.
 */
export function parseColorSelection(composite: string, known: (colorId: string) => boolean = (id) => BY_ID.has(id)): ColorSelection | null {
  const m = COMPOSITE.exec(composite.trim());
  if (!m || !known(m[1]!)) return null;
  const discordVariant = Number(m[2] ?? 0);
  const jojoVariant = Number(m[3] ?? 0);
  if (discordVariant >= DISCORD_VARIANTS || jojoVariant >= JOJO_VARIANTS) return null;
  return { colorId: m[1]!, discordVariant, jojoVariant };
}
