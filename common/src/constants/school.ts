import { isOneOf } from "./one-of";
/** Years of the BUT programme; an empty year means "all years". */
export const YEARS = ["BUT1", "BUT2", "BUT3"] as const;
export type Year = (typeof YEARS)[number];
export const YEAR_LABELS: Record<Year, string> = {
  BUT1: "1ère année",
  BUT2: "2ème année",
  BUT3: "3ème année",
};

export const TRACKS = ["devweb", "creation", "strategie"] as const;
export type Track = (typeof TRACKS)[number];
export const TRACK_LABELS: Record<Track, string> = {
  devweb: "Développement web",
  creation: "Création numérique",
  strategie: "Stratégie de communication",
};

/** Groups of a promo; `Promo` means the whole year. */
export const GROUPS = ["Promo", "A", "A'", 'A"', "B", "B'", 'B"'] as const;
export type Group = (typeof GROUPS)[number];
/** Narrows a group name read from an answer (tasks carry their groups as strings) to the enum. */
export const isGroup = isOneOf(GROUPS);

export const FACTIONS = ["Bagnat", "Fermier"] as const;
export type Faction = (typeof FACTIONS)[number];

export const THEMES = ["light", "dark", "auto"] as const;
export type Theme = (typeof THEMES)[number];
/** Dark theme defaults (percent). */
export const DARK_BRIGHTNESS_DEFAULT = 100;
export const DARK_CONTRAST_DEFAULT = 95;
