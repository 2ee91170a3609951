import { useSyncExternalStore } from "react";
import { NAVBAR_PREVIEW_MS } from "@planify/common/constants/social";

/** An item tried on from the shop, shown on the top-bar avatar until `until` (ms). */
export interface NavbarPreview {
  itemId: number;
  variant: number;
  until: number;
}

// One preview for the whole tab: the shop starts it, the top bar draws it. Neither imports
// the other, so the state lives here.
let current: NavbarPreview | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: NavbarPreview | null): void {
  current = next;
  clearTimeout(timer);
  if (next) timer = setTimeout(() => set(null), Math.max(0, next.until - Date.now()));
  for (const listener of listeners) listener();
}

/** Shows this item on the top-bar avatar for 90 s (a new try replaces the previous one). */
export function startNavbarPreview(itemId: number, variant = 0, now = Date.now()): void {
  set({ itemId, variant, until: now + NAVBAR_PREVIEW_MS });
}

/** Ends the preview early: the avatar shows the equipped item again. */
export function stopNavbarPreview(): void {
  if (current) set(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The item being tried on, or null. */
export function useNavbarPreview(): NavbarPreview | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
