import { useMemo } from "react";
import { CATALOGUE, isCodeRewardItem, isGiftableItem, type CatalogueItem } from "@planify/common/constants/catalogue";
import { useBorderColors, useItems } from "../../lib/economy/items-api";
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

/** Fixed catalogue items the rule allows, never ids 100 and above nor names starting with 'bordure'. */
const pickable = (allowed: (id: number) => boolean): readonly RewardOption[] =>
  CATALOGUE.filter((i: CatalogueItem) => allowed(i.id) && i.id < 100 && !i.name.toLowerCase().startsWith("bordure")).map((i) => ({
    value: String(i.id),
    label: `${i.name} (#${i.id})`,
    name: i.name,
  }));

/** Items an admin may give: not item 0, nor the account-rule items 27 and 28. */
export const GIFTABLE_ITEMS = pickable(isGiftableItem);

/** Items a reward code may hand out: the giftable ones plus Prestige (27); never Planify (28). */
export const CODE_ITEMS = pickable(isCodeRewardItem);

/** Border colours a code may hand out: every colour but the free default. */
export const REWARD_COLORS: readonly RewardOption[] = BORDER_COLORS.filter((c) => c.legacyId !== null).map((c) => ({
  value: c.id,
  label: c.name,
  name: c.name,
  swatch: c.gradient ?? c.color,
}));

/**
 * The reward choices with what admins made in the item creator added after the fixed ones:
 * created items (by their legacy id) and created colours. The fixed lists show meanwhile.
 */
export function useRewardOptions(use: "gift" | "code" = "gift"): { items: readonly RewardOption[]; colors: readonly RewardOption[] } {
  const { data: items } = useItems();
  const { data: colors } = useBorderColors();
  return useMemo(
    () => ({
      items: [
        ...(use === "code" ? CODE_ITEMS : GIFTABLE_ITEMS),
        ...(items ?? [])
          .filter((i) => i.isDynamic)
          .map((i) => ({ value: String(i.legacyId), label: `${i.name} (#${i.legacyId})`, name: i.name })),
      ],
      colors: [
        ...REWARD_COLORS,
        ...(colors ?? [])
          .filter((c) => c.isDynamic)
          .map((c) => ({ value: c.id, label: c.name, name: c.name, swatch: c.gradient ?? c.color })),
      ],
    }),
    [items, colors, use],
  );
}

/** Options whose label holds the filter text (case and accents ignored). */
export function filterOptions(options: readonly RewardOption[], filter: string): RewardOption[] {
  // "coeur" finds "Cœur": ligatures do not decompose, so they are spelled out.
  const fold = (s: string) =>
    s
      .toLowerCase()
      .replace(/œ/g, "oe")
      .replace(/æ/g, "ae")
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "");
  const f = fold(filter.trim());
  return f ? options.filter((o) => fold(o.label).includes(f)) : [...options];
}

/** The French name of a colour id stored on a code. */
export const colorName = (id: string) => borderColor(id)?.name ?? id;
