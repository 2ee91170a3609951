import { describe, expect, it } from "vitest";
import {
  BORDER_COLORS,
  DAILY_SHOP_COLOR_POOL,
  DEFAULT_BORDER_COLOR_ID,
  borderColor,
  borderColorByLegacyId,
  encodeColorSelection,
  parseColorSelection,
} from "./border-colors";
import { CATALOGUE, catalogueItem, DAILY_SHOP_ITEM_POOL } from "./catalogue";

/** The catalogue of record (item number | id | name | colour | gradient), as schools already use it. */
const OF_RECORD = `
  — | default | Noir | #000000 |
  100 | red | Rouge | #FF0000 |
  102 | green | Vert | #00FF00 |
  101 | blue | Bleu | #0066FF |
  103 | yellow | Jaune | #FFFF00 |
  107 | cyan | Cyan | #00FFFF |
  129 | magenta | Magenta | #FF00FF |
  105 | orange | Orange | #FF8800 |
  106 | pink | Rose | #FF2F72 |
  104 | purple | Violet | #7A1FFF |
  132 | white | Blanc | #FFFFFF |
  130 | lime-green | Vert Lime | #00FF80 |
  131 | royal-blue | Bleu Royal | #0FA3B1 |
  108 | gold | Or | #FFD700 |
  109 | silver | Argent | #C0C0C0 |
  133 | bronze | Bronze | #CD7F32 |
  110 | rainbow | Arc-en-ciel | #ffffff | linear-gradient(90deg, #ff0000, #ffa500, #ffff00, #00ff00, #00ffff, #0000ff, #8b00ff)
  111 | fire | Feu | #FF4D00 |
  112 | ice | Glace | #A7E8FF |
  113 | sunset | Coucher de soleil | #FF7A00 |
  114 | ocean | Océan | #0077BE |
  115 | forest | Forêt | #228B22 |
  116 | desert | Désert | #C2B280 |
  117 | galaxy | Galaxie | #3f0b6d | linear-gradient(90deg,#0d0b2d,#3f0b6d,#0b4a6d)
  118 | aurora | Aurore | #26ffb2 | linear-gradient(90deg,#26ffb2,#00c1ff,#7a1fff)
  119 | volcano | Volcan | #8B0000 |
  120 | crystal | Cristal | #9AD9FF |
  122 | dawn | Aube | #FFDAB9 |
  123 | dusk | Crépuscule | #5B4B8A |
  124 | storm | Tempête | #708090 |
  125 | spring | Printemps | #7CFC00 |
  126 | summer | Été | #F4C430 |
  127 | autumn | Automne | #D2691E |
  128 | winter | Hiver | #ADD8E6 |
  143 | gradient-instagram | Néon | #FF0000 | linear-gradient(45deg,#FF0000,#7A1FFF,#0066FF)
  134 | gradient-mint | Menthe polaire | #00FF80 | linear-gradient(45deg,#00FF80,#00FFFF,#7A1FFF)
  135 | gradient-sunset | Crépuscule doré | #FF7A00 | linear-gradient(45deg,#FFFF00,#FFA500,#FF0000)
  136 | gradient-duo | Azur Mandarine | #FF7A00 | linear-gradient(45deg,#00A2FF,#FF7A00)
  137 | gradient-red-fade | Brume rouge | #FF0000 | linear-gradient(180deg, #FF0000, rgba(255,0,0,0))
  138 | gradient-green-fade | Brume verte | #00FF00 | linear-gradient(180deg, #00FF00, rgba(0,255,0,0))
  139 | gradient-blue-fade | Brume bleue | #0066FF | linear-gradient(180deg, #0066FF, rgba(0,102,255,0))
  140 | gradient-yellow-fade | Aube | #FFFF00 | linear-gradient(180deg, #FFFF00, rgba(255,255,0,0))
  141 | gradient-cyan-fade | Lagune | #00FFFF | linear-gradient(180deg, #00FFFF, rgba(0,255,255,0))
  142 | gradient-magenta-fade | Orchidée | #FF00FF | linear-gradient(180deg, #FF00FF, rgba(255,0,255,0))
  200 | g200 | Neige | #424240 | linear-gradient(135deg,#ffffff,#424240)
  201 | g201 | Gris Urbain | #cbcbcb | linear-gradient(135deg,#1d1d1b,#cbcbcb)
  202 | g202 | Néon Tricolore | #0460fb | linear-gradient(135deg,#fc0103,#763589,#0460fb)
  203 | g203 | Néon Menthe | #00fffa | linear-gradient(135deg,#00ff06,#00fffa)
  204 | g204 | Nébuleuse | #9304ff | linear-gradient(135deg,#03faff,#4982ff,#9304ff)
  205 | g205 | Soleil | #ff7a00 | linear-gradient(135deg,#fffa00,#ff7a00,#ff7a00)
  206 | g206 | Violet Profond | #9205fa | linear-gradient(135deg,#9205fa,#9205fa,#9205fa)
  207 | g207 | Magenta Royal | #9700ff | linear-gradient(135deg,#fd00ed,#c900f6,#9700ff)
  208 | g208 | Aurore Boréale | #fa05ed | linear-gradient(135deg,#05faff,#807ff6,#fa05ed)
  209 | g209 | Tropical | #ff7602 | linear-gradient(135deg,#ff035a,#ff422a,#ff7602)
  210 | g210 | Jardin d’été | #fa7c03 | linear-gradient(135deg,#06fc9f,#81bb51,#fa7c03)
  211 | g211 | Crépuscule | #f97806 | linear-gradient(135deg,#0663f9,#826e7d,#f97806)
  212 | g212 | Rouge Pastel | #fffafa | linear-gradient(135deg,#ff0505,#fffafa)
  213 | g213 | Vert Pastel | #fafffa | linear-gradient(135deg,#06ff06,#fafffa)
  214 | g214 | Bleu Profond | #0666ff | linear-gradient(135deg,#0666ff,#ffffff)
  215 | g215 | Jaune Pastel | #fffff9 | linear-gradient(135deg,#ffff05,#fffff9)
  216 | g216 | Cyan Pastel | #f6ffff | linear-gradient(135deg,#08ffff,#f6ffff)
  217 | g217 | Rose Pastel | #fff9ff | linear-gradient(135deg,#ff05ed,#fff9ff)
  218 | g218 | Violet Pastel | #fdfbff | linear-gradient(135deg,#9706ff,#fdfbff)
  219 | g219 | Fuchsia Pastel | #fffbfd | linear-gradient(135deg,#ff0660,#fffbfd)
  220 | g220 | Orange Pastel | #fffcfa | linear-gradient(135deg,#ff7c06,#fffcfa)
  221 | g221 | Menthe Pastel | #f8fffc | linear-gradient(135deg,#05ffa5,#f8fffc)
  222 | g222 | Lave | #030000 | linear-gradient(135deg,#fa0000,#030000)
  223 | g223 | Jungle Nocturne | #000400 | linear-gradient(135deg,#00f800,#000400)
  224 | g224 | Océan Nuit | #000205 | linear-gradient(135deg,#005ff8,#000205)
  225 | g225 | Soleil Éteint | #030300 | linear-gradient(135deg,#f8f800,#030300)
  226 | g226 | Glacier Nuit | #000505 | linear-gradient(135deg,#00f9f9,#000505)
  227 | g227 | Fuchsia Nuit | #050004 | linear-gradient(135deg,#f900e7,#050004)
  228 | g228 | Galaxie Nuit | #030005 | linear-gradient(135deg,#9200f9,#030005)
  229 | g229 | Rose Nuit | #060002 | linear-gradient(135deg,#f9005a,#060002)
  230 | g230 | Ambre Nuit | #060002 | linear-gradient(135deg,#f77500,#060002)
  231 | g231 | Émeraude Nuit | #1c231f | linear-gradient(135deg,#01f9a0,#1c231f)
  121 | midnight | Minuit | (to choose) |
`
  .trim()
  .split("\n")
  .map((line) => line.split("|").map((c) => c.trim()));

describe("catalogue and border colours", () => {
  it("has items 0–28 without 5, and sells only 1–24", () => {
    expect(CATALOGUE.map((i) => i.id)).toEqual([0, 1, 2, 3, 4, ...Array.from({ length: 23 }, (_, i) => i + 6)]);
    expect(DAILY_SHOP_ITEM_POOL).toEqual([1, 2, 3, 4, ...Array.from({ length: 19 }, (_, i) => i + 6)]);
    expect(catalogueItem(8)?.price).toBe(600);
    expect([0, 25, 26, 27, 28].map((id) => catalogueItem(id)?.price)).toEqual([null, null, null, null, null]);
  });

  it("holds exactly the colours of record: ids, item numbers, names, colours and gradients", () => {
    const actual = BORDER_COLORS.map((c) => [c.legacyId === null ? "—" : String(c.legacyId), c.id, c.name, c.color, c.gradient ?? ""]);
    const chosen = (row: string[]) => (row[1] === "midnight" ? [...row.slice(0, 3), ...row.slice(4)] : row);
    expect(new Map(actual.map((r) => [r[1], chosen(r)]))).toEqual(new Map(OF_RECORD.map((r) => [r[1]!, chosen(r)])));
    expect(actual).toHaveLength(OF_RECORD.length);
    expect(borderColor("midnight")?.color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it("has one free default without item number, and unique item numbers for the rest", () => {
    expect(DEFAULT_BORDER_COLOR_ID).toBe("default");
    expect(BORDER_COLORS.filter((c) => c.price === 0)).toEqual([borderColor("default")]);
    expect(borderColor("default")).toMatchObject({ legacyId: null, name: "Noir", color: "#000000" });
    const numbers = BORDER_COLORS.flatMap((c) => (c.legacyId === null ? [] : [c.legacyId]));
    expect(new Set(numbers).size).toBe(BORDER_COLORS.length - 1);
    expect(borderColorByLegacyId(121)?.id).toBe("midnight");
    expect(DAILY_SHOP_COLOR_POOL).not.toContain("default");
    for (const c of BORDER_COLORS) expect(c.type).toBe(c.gradient ? "border-gradient" : "border-color");
  });

  it("encodes and parses the composite colour id; a bare id means dv=0 and jv=0", () => {
    const s = { colorId: "g205", discordVariant: 2, jojoVariant: 1 };
    expect(encodeColorSelection(s)).toBe("g205|dv=2|jv=1");
    expect(parseColorSelection("g205|dv=2|jv=1")).toEqual(s);
    expect(parseColorSelection("ocean")).toEqual({ colorId: "ocean", discordVariant: 0, jojoVariant: 0 });
    expect(parseColorSelection("gradient-red-fade|dv=0|jv=1")).toEqual({ colorId: "gradient-red-fade", discordVariant: 0, jojoVariant: 1 });
    for (const bad of ["", "nope", "black", "red|dv=3|jv=0", "red|dv=0|jv=2", "red|jv=0|dv=0", "red:1:0", "red|dv=0|jv=0|x"]) {
      expect(parseColorSelection(bad)).toBeNull();
    }
  });
});
