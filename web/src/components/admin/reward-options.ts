import { CATALOGUE, isGiftableItem } from "@planify/common/constants/catalogue";
import { BORDER_COLORS, borderColor } from "@planify/common/constants/border-colors";

/** One choice of the reward picker: an item id (as text) or a colour id. */
export interface RewardOption {
  value: string;
  label: string;
  /** The plain name (sent as itemName). */
  name: string;
  /** A CSS colour or gradient for the swatch of a border colour. */
  swatch?: string;
}

/**
 * Items a code may hand out: the fixed catalogue minus what nobody may give (item 0, the
 * account-rule items 27 and 28, ids 100 and above, names starting with 'bordure').
 */
export const GIFTABLE_ITEMS: readonly RewardOption[] = CATALOGUE.filter(
  (i) => isGiftableItem(i.id) && i.id < 100 && !i.name.toLowerCase().startsWith("bordure"),
).map((i) => ({ value: String(i.id), label: `${i.name} (#${i.id})`, name: i.name }));

/** Border colours a code may hand out: every colour but the free default. */
export const REWARD_COLORS: readonly RewardOption[] = BORDER_COLORS.filter((c) => c.legacyId !== null).map((c) => ({
  value: c.id,
  label: c.name,
  name: c.name,
  swatch: c.gradient ?? c.color,
}));

/** Options whose label holds the filter text (case and accents ignored). */
export function filterOptions(options: readonly RewardOption[], filter: string): RewardOption[] {
  // "coeur" finds "Cœur": ligatures do not decompose, so they are spelled out.
  const fold = (s: string) => s.toLowerCase().replace(/œ/g, "oe").replace(/æ/g, "ae").normalize("NFD").replace(/\p{Diacritic}/gu, "");
  const f = fold(filter.trim());
  return f ? options.filter((o) => fold(o.label).includes(f)) : [...options];
}

/** The French name of a colour id stored on a code. */
export const colorName = (id: string) => borderColor(id)?.name ?? id;
