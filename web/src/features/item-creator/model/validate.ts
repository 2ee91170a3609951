import { ITEM_CREATOR_MESSAGES as M, LEGACY_ID_TAKEN_MARKER } from "@planify/common/constants/item-creator";
import { checkLegacyId, checkPrice } from "@planify/common/rules/item-creator";
import type { ItemDraft } from "./draft";

/** The creator's own checks beyond the shared rules (the server has its own words for them). */
export const MSG = {
  borderOpacity: "L'opacité de la bordure doit être comprise entre 0 et 1.",
  backgroundOpacity: "L'opacité du fond doit être comprise entre 0 et 100.",
  empty: "Ajoutez au moins une image ou une variante en texte seul.",
} as const;

/** The legacy id typed in the form for the shop test, or the message asking for one. */
export function legacyIdForTest(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const c = checkLegacyId(text);
  return c.ok ? c : { ok: false, message: M.legacyIdBeforeTest };
}

/** The first thing wrong with the draft before saving, in French; null when it can be sent. */
export function validateDraft(d: ItemDraft): string | null {
  const legacy = checkLegacyId(d.legacyId);
  if (!legacy.ok) return legacy.message;
  if (!d.name.trim()) return M.nameRequired;
  const price = checkPrice(d.price);
  if (!price.ok) return price.message;
  if (!(d.borderOpacity >= 0 && d.borderOpacity <= 1)) return MSG.borderOpacity;
  if (!(d.backgroundOpacity >= 0 && d.backgroundOpacity <= 100)) return MSG.backgroundOpacity;
  for (const v of d.variants) if (v.textOnly && !v.textContent.trim()) return M.textOnlyNeedsText(v.name);
  if (!d.variants.some((v) => v.textOnly || v.layers.length > 0)) return MSG.empty;
  return null;
}

/** The message after a failed create or update: the server's, a taken legacy id its own text, else the fallback. */
export function saveFailure(serverMessage: string | null, creating: boolean): string {
  if (creating && serverMessage?.includes(LEGACY_ID_TAKEN_MARKER)) return M.legacyIdTakenHint;
  return serverMessage || (creating ? M.createFailed : M.updateFailed);
}
