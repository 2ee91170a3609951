/** Links of the top bar and of the burger menu. */
export interface NavLink {
  to: string;
  label: string;
  /** Shown to logged-in users only. */
  membersOnly?: boolean;
  /** The About link may carry the "new update" dot. */
  dotKey?: "about";
}

export const NAV_LINKS: readonly NavLink[] = [
  { to: "/", label: "Accueil" },
  { to: "/devoirs", label: "Devoirs" },
  { to: "/emploi-du-temps", label: "Emploi du temps", membersOnly: true },
  { to: "/factions", label: "Factions", membersOnly: true },
  { to: "/about", label: "À propos", dotKey: "about" },
  { to: "/contact", label: "Contact" },
];

/** The grey background belongs to the homework lists; every other route has the home style. */
export function backgroundOf(pathname: string): "home" | "grey" {
  return /^\/(devoir|liste)/.test(pathname) ? "grey" : "home";
}
