import { borderColor, borderColorByLegacyId } from "../constants/border-colors";
import { catalogueItem } from "../constants/catalogue";
import { ITEM_CREATOR_LIMITS, ITEM_CREATOR_MESSAGES } from "../constants/item-creator";

/**
 * Splits the credits field into names: separators are , ; & + / \ and the words
 * "et", "and", "ou" (whole words, any case). Empty pieces go, duplicates keep their first spelling.
 */
export function parseCredits(credits: string): string[] {
  const pieces = credits.split(/[,;&+/\\]|\s+(?:et|and|ou)\s+/iu);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of pieces) {
    const name = raw.trim();
    const key = normalizeUsername(name);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** A username as credits compare it: no accents, no case, no spaces. */
export function normalizeUsername(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, "");
}

export interface CreditedUser {
  id: string;
  username: string;
}

/**
 * The creators of an item: the names of the credits field that match an existing username
 * (accents, case and spaces ignored), in the order written, each account once.
 */
export function matchCreators(credits: string, users: readonly CreditedUser[]): { creatorIds: string[]; creatorUsernames: string[] } {
  const byKey = new Map<string, CreditedUser>();
  for (const u of users) if (!byKey.has(normalizeUsername(u.username))) byKey.set(normalizeUsername(u.username), u);
  const creatorIds: string[] = [];
  const creatorUsernames: string[] = [];
  for (const name of parseCredits(credits)) {
    const user = byKey.get(normalizeUsername(name));
    if (!user || creatorIds.includes(user.id)) continue;
    creatorIds.push(user.id);
    creatorUsernames.push(user.username);
  }
  return { creatorIds, creatorUsernames };
}

/**
 * The negative item number of a created border colour that has no legacy id of its own,
 * derived from a 32-bit FNV-1a hash of its colour id: stable across servers and restarts,
 * always negative so it never meets a catalogue number (0–28, 100–231) or an admin's choice (≥ 1).
 */
export function dynamicColorItemId(colorId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < colorId.length; i++) {
    hash ^= colorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return -(1 + (hash % ITEM_CREATOR_LIMITS.legacyIdMax));
}

/** True for item numbers of the fixed catalogue (items 0–28, colours 100–143 and 200–231). */
export function isFixedLegacyId(id: number): boolean {
  return catalogueItem(id) !== undefined || borderColorByLegacyId(id) !== undefined;
}

/** True for colour ids of the fixed catalogue (the free default included). */
export function isFixedColorId(id: string): boolean {
  return borderColor(id) !== undefined;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Reads an admin's legacy id: a whole number from 1 to 999999999 (a numeric string is accepted). */
export function checkLegacyId(value: unknown): Checked<number> {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^-?\d+$/.test(text)) return { ok: false, message: ITEM_CREATOR_MESSAGES.legacyIdNotNumeric };
  const id = Number(text);
  if (id < 1 || id > ITEM_CREATOR_LIMITS.legacyIdMax) return { ok: false, message: ITEM_CREATOR_MESSAGES.legacyIdRange };
  return { ok: true, value: id };
}

/** Reads a price: a whole number from 0 to 100000. */
export function checkPrice(value: unknown): Checked<number> {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > ITEM_CREATOR_LIMITS.priceMax) {
    return { ok: false, message: ITEM_CREATOR_MESSAGES.priceInvalid };
  }
  return { ok: true, value: n };
}

/** A created colour id: lowercase letters, digits and dashes, 40 at most (no "|": it would break composite ids). */
export function isValidColorId(id: string): boolean {
  return new RegExp(`^[a-z0-9][a-z0-9-]{0,${ITEM_CREATOR_LIMITS.colorIdMax - 1}}$`).test(id);
}

const HEX = "#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})";
const FUNC = "(?:rgba?|hsla?)\\(\\s*[0-9.%\\s,/+-]+\\)";
const COLOR = `(?:${HEX}|${FUNC}|transparent)`;
const COLOR_RE = new RegExp(`^${COLOR}$`);
const STOP = `${COLOR}(?:\\s+-?[0-9.]+(?:%|px)?){0,2}`;
const DIRECTION = "(?:-?[0-9.]+(?:deg|turn|rad)|to(?:\\s+(?:left|right|top|bottom)){1,2})";
const GRADIENT_RE = new RegExp(`^(?:repeating-)?linear-gradient\\(\\s*(?:${DIRECTION}\\s*,\\s*)?${STOP}(?:\\s*,\\s*${STOP})+\\s*\\)$`, "i");

/** A plain CSS colour (#hex, rgb(a), hsl(a) or transparent): safe to put in a style. */
export function isCssColor(value: string): boolean {
  return value.length <= ITEM_CREATOR_LIMITS.cssValueMax && COLOR_RE.test(value.trim());
}

/** A CSS linear-gradient of plain colours: no url(), no other function, so safe to put in a style. */
export function isCssGradient(value: string): boolean {
  return value.length <= ITEM_CREATOR_LIMITS.cssValueMax && GRADIENT_RE.test(value.trim());
}

/** A background value of a created item: a colour or a linear-gradient. */
export function isCssBackground(value: string): boolean {
  return isCssColor(value) || isCssGradient(value);
}
