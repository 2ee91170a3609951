/**
 * The chosen variants of created items (item id → variant index) are also kept in local
 * storage: written on every inventory load and every choice, read
 * back with loadDynamicVariants (e.g. to draw the own avatar before the inventory loads).
 * Stored with the user's id: another account on the same browser never inherits them.
 */
export const DYNAMIC_VARIANTS_KEY = "planify.dynamicItemVariants";

type Variants = Record<string, number>;

export function saveDynamicVariants(userId: string, variants: Variants): void {
  try {
    localStorage.setItem(DYNAMIC_VARIANTS_KEY, JSON.stringify({ userId, variants }));
  } catch {
    // Storage full or blocked: the server still holds the choice.
  }
}

/** The stored variants of this user (empty when none, another user's, or unreadable). */
export function loadDynamicVariants(userId: string): Variants {
  try {
    const raw = JSON.parse(localStorage.getItem(DYNAMIC_VARIANTS_KEY) ?? "null") as { userId?: unknown; variants?: unknown } | null;
    if (!raw || raw.userId !== userId || typeof raw.variants !== "object" || raw.variants === null) return {};
    const out: Variants = {};
    for (const [k, v] of Object.entries(raw.variants)) if (Number.isInteger(v) && (v as number) >= 0) out[k] = v as number;
    return out;
  } catch {
    // Storage blocked or garbled: the default styles until the inventory answers.
    return {};
  }
}
