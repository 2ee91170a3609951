import { useSyncExternalStore } from "react";
import { THEMES, type Theme } from "@planify/common/constants/school";

/** Local storage key of the chosen theme (read again by /theme-init.js before first paint). */
export const THEME_KEY = "planify.theme";
/** The order the toggle walks through. */
export const THEME_CYCLE: readonly Theme[] = ["light", "dark", "auto"];
export const THEME_LABELS: Record<Theme, string> = { light: "Thème clair", dark: "Thème sombre", auto: "Thème automatique" };

const listeners = new Set<() => void>();
const darkQuery = typeof window !== "undefined" ? window.matchMedia("(prefers-color-scheme: dark)") : null;

function read(): Theme {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return (THEMES as readonly string[]).includes(stored ?? "") ? (stored as Theme) : "light";
  } catch {
    return "light";
  }
}

let current: Theme = typeof window !== "undefined" ? read() : "light";

/** Puts light or dark on <html>; "auto" follows the system setting. */
function apply() {
  const dark = current === "dark" || (current === "auto" && !!darkQuery?.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
}

function notify() {
  apply();
  for (const l of listeners) l();
}

if (typeof window !== "undefined") {
  apply();
  // "auto" follows the system live; other tabs' choices apply here too.
  darkQuery?.addEventListener("change", () => current === "auto" && apply());
  window.addEventListener("storage", (e) => {
    if (e.key !== THEME_KEY && e.key !== null) return;
    current = read();
    notify();
  });
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  notify();
}

/** The theme after `theme` in the toggle's cycle. */
export function nextTheme(theme: Theme): Theme {
  return THEME_CYCLE[(THEME_CYCLE.indexOf(theme) + 1) % THEME_CYCLE.length]!;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme (light, dark or auto). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current, () => "light");
}
