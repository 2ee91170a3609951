import { useSyncExternalStore } from "react";
import { DARK_BRIGHTNESS_DEFAULT, DARK_CONTRAST_DEFAULT, THEMES, type Theme } from "@planify/common/constants/school";

/** Local storage key of the chosen theme (read again by /theme-init.js before first paint). */
export const THEME_KEY = "planify.theme";
/** Local storage key of the dark theme's brightness and contrast (also read by /theme-init.js). */
export const DARK_TUNING_KEY = "planify.darkTuning";
/** The order the toggle walks through. */
export const THEME_CYCLE: readonly Theme[] = ["light", "dark", "auto"];
export const THEME_LABELS: Record<Theme, string> = { light: "Thème clair", dark: "Thème sombre", auto: "Thème automatique" };

/** Dark theme tuning in percent; the server accepts 50 to 150 (ThemeBody). */
export interface DarkTuning {
  brightness: number;
  contrast: number;
}
export const DARK_TUNING_MIN = 50;
export const DARK_TUNING_MAX = 150;
export const DEFAULT_DARK_TUNING: DarkTuning = { brightness: DARK_BRIGHTNESS_DEFAULT, contrast: DARK_CONTRAST_DEFAULT };

/** A whole percent within the allowed range; anything unreadable gives `fallback`. */
export function clampTuning(value: unknown, fallback: number): number {
  const n = typeof value === "number" ? value : Number.NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(DARK_TUNING_MAX, Math.max(DARK_TUNING_MIN, Math.round(n)));
}

export function isTheme(value: unknown): value is Theme {
  return (THEMES as readonly unknown[]).includes(value);
}

const listeners = new Set<() => void>();
const darkQuery = typeof window !== "undefined" ? window.matchMedia("(prefers-color-scheme: dark)") : null;

function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return isTheme(stored) ? stored : "light";
  } catch {
    // Storage blocked: the light theme, as on a first visit.
    return "light";
  }
}

function readTuning(): DarkTuning {
  try {
    const raw = JSON.parse(localStorage.getItem(DARK_TUNING_KEY) ?? "null") as Partial<DarkTuning> | null;
    return {
      brightness: clampTuning(raw?.brightness, DARK_BRIGHTNESS_DEFAULT),
      contrast: clampTuning(raw?.contrast, DARK_CONTRAST_DEFAULT),
    };
  } catch {
    // Storage blocked or garbled: the default dark tuning.
    return DEFAULT_DARK_TUNING;
  }
}

/** Theme colours of the browser bar: the light theme's primary and the dark theme's background. */
const BAR_LIGHT = "#4f46e5";
const BAR_DARK = "#0f1220";

let current: Theme = typeof window !== "undefined" ? readTheme() : "light";
let tuning: DarkTuning = typeof window !== "undefined" ? readTuning() : DEFAULT_DARK_TUNING;

/** Puts light or dark on <html> ("auto" follows the system) and the dark tuning as CSS variables. */
function apply() {
  const root = document.documentElement;
  const dark = current === "dark" || (current === "auto" && !!darkQuery?.matches);
  root.dataset.theme = dark ? "dark" : "light";
  // global.css turns these into a filter on the dark theme only.
  root.style.setProperty("--dark-brightness", String(tuning.brightness / 100));
  root.style.setProperty("--dark-contrast", String(tuning.contrast / 100));
  // The browser's bar (and the installed app's) follows the chosen theme; index.html's two
  // tags follow the system, which is right for "auto".
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const own = meta.media.includes("dark") ? BAR_DARK : BAR_LIGHT;
    meta.content = current === "auto" ? own : dark ? BAR_DARK : BAR_LIGHT;
  }
}

function notify() {
  apply();
  for (const l of listeners) l();
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

if (typeof window !== "undefined") {
  apply();
  // "auto" follows the system live; other tabs' choices apply here too.
  darkQuery?.addEventListener("change", () => current === "auto" && apply());
  window.addEventListener("storage", (e) => {
    if (e.key !== THEME_KEY && e.key !== DARK_TUNING_KEY && e.key !== null) return;
    current = readTheme();
    tuning = readTuning();
    notify();
  });
}

export function setTheme(theme: Theme): void {
  current = theme;
  store(THEME_KEY, theme);
  notify();
}

/** Changes the dark theme's brightness and/or contrast (clamped to 50–150 %). */
export function setDarkTuning(patch: Partial<DarkTuning>): void {
  const next = {
    brightness: clampTuning(patch.brightness ?? tuning.brightness, tuning.brightness),
    contrast: clampTuning(patch.contrast ?? tuning.contrast, tuning.contrast),
  };
  if (next.brightness === tuning.brightness && next.contrast === tuning.contrast) return;
  tuning = next;
  store(DARK_TUNING_KEY, JSON.stringify(tuning));
  notify();
}

/** The theme settings a server user carries (login answer, session user). */
export interface ServerTheme {
  theme?: unknown;
  darkBrightness?: unknown;
  darkContrast?: unknown;
}

/** Applies the theme stored on the server; fields it lacks or cannot be read keep the local choice. */
export function applyServerTheme(user: ServerTheme): void {
  if (isTheme(user.theme) && user.theme !== current) setTheme(user.theme);
  setDarkTuning({
    brightness: typeof user.darkBrightness === "number" ? user.darkBrightness : undefined,
    contrast: typeof user.darkContrast === "number" ? user.darkContrast : undefined,
  });
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
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => "light",
  );
}

/** Whether this browser holds a theme choice of its own (false on a first visit or after clearing). */
export function hasStoredTheme(): boolean {
  try {
    return localStorage.getItem(THEME_KEY) !== null;
  } catch {
    // Storage blocked: no choice of this browser's own.
    return false;
  }
}

/** The current theme choice, outside React. */
export function getTheme(): Theme {
  return current;
}

/** The dark theme's brightness and contrast. */
export function useDarkTuning(): DarkTuning {
  return useSyncExternalStore(
    subscribe,
    () => tuning,
    () => DEFAULT_DARK_TUNING,
  );
}

export function getDarkTuning(): DarkTuning {
  return tuning;
}
