import { GROUPS } from "../constants/school";

/** The groups a task reaches, one by one: 'Promo' stands for every group of the promo. */
export function reachedGroups(groups: readonly string[]): string[] {
  return groups.includes("Promo") ? GROUPS.filter((g) => g !== "Promo") : [...groups];
}

/**
 * The delete confirmation's group choice: the groups a task keeps once it is removed for
 * `removed`. Removing 'Promo' (or every group it reaches) leaves nothing: the task is deleted
 * for everyone. A Promo task removed for one group keeps the other groups of the promo.
 */
export function groupsLeftAfterRemoving(groups: readonly string[], removed: readonly string[]): string[] {
  if (removed.includes("Promo")) return [];
  return reachedGroups(groups).filter((g) => !removed.includes(g));
}
