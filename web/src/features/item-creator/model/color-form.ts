import type { BorderColorInput } from "@planify/common/schemas/item-creator";
import type { BorderColorEntry } from "@planify/common/schemas/items";
import { checkLegacyId, checkPrice, isValidColorId } from "@planify/common/rules/item-creator";
import { ITEM_CREATOR_MESSAGES as M } from "@planify/common/constants/item-creator";

/** The border-colour form; the gradient is built from stops and an angle. */
export interface ColorForm {
  /** The id being edited (PUT), null for a new colour (POST). */
  editing: string | null;
  id: string;
  name: string;
  color: string;
  useGradient: boolean;
  stops: string[];
  angle: number;
  price: string;
  legacyId: string;
  availableInDailyShop: boolean;
}

export const MAX_STOPS = 5;

export function emptyColorForm(): ColorForm {
  return {
    editing: null,
    id: "",
    name: "",
    color: "#3b82f6",
    useGradient: false,
    stops: ["#3b82f6", "#a855f7"],
    angle: 135,
    price: "100",
    legacyId: "",
    availableInDailyShop: true,
  };
}

/** The CSS gradient the builder makes, or null for a plain colour. */
export function gradientOf(f: ColorForm): string | null {
  return f.useGradient && f.stops.length >= 2 ? `linear-gradient(${f.angle}deg, ${f.stops.join(", ")})` : null;
}

const GRADIENT = /^linear-gradient\((\d{1,3})deg,\s*(.+)\)$/;

/** A saved colour back into the form (a gradient the builder cannot read keeps its main colour only). */
export function colorFormOf(c: BorderColorEntry): ColorForm {
  const g = c.gradient ? GRADIENT.exec(c.gradient) : null;
  const stops = g ? g[2]!.split(/\s*,\s*/).filter((s) => /^#[0-9a-f]{6}$/i.test(s)) : [];
  return {
    editing: c.id,
    id: c.id,
    name: c.name,
    color: /^#[0-9a-f]{6}$/i.test(c.color) ? c.color : "#000000",
    useGradient: stops.length >= 2,
    stops: stops.length >= 2 ? stops : [c.color, c.color],
    angle: g ? Number(g[1]) : 135,
    price: String(c.price),
    legacyId: c.legacyId !== null && c.legacyId > 0 ? String(c.legacyId) : "",
    availableInDailyShop: c.availableInDailyShop,
  };
}

/** The body to send, or the first French message of what is wrong. */
export function colorBody(f: ColorForm): { ok: true; body: BorderColorInput } | { ok: false; message: string } {
  const id = f.id.trim();
  if (!isValidColorId(id)) return { ok: false, message: M.colorIdInvalid };
  if (!f.name.trim()) return { ok: false, message: M.nameRequired };
  const price = checkPrice(f.price);
  if (!price.ok) return price;
  let legacyId: number | null = null;
  if (f.legacyId.trim()) {
    const l = checkLegacyId(f.legacyId);
    if (!l.ok) return l;
    legacyId = l.value;
  }
  return {
    ok: true,
    body: {
      id,
      name: f.name.trim(),
      color: f.color,
      gradient: gradientOf(f),
      price: price.value,
      legacyId,
      availableInDailyShop: f.availableInDailyShop,
    },
  };
}
