/**
 * The 18 built-in subjects of the programme, merged by the web app with
 * the subjects stored on the server. "Gestion de projet" is taught in every year of the
 * programme, so it is built in too.
 */
export const BUILTIN_SUBJECTS = [
  "Anglais",
  "Culture artistique",
  "Culture numérique",
  "Production graphique",
  "Stratégies de communication",
  "Hébergement",
  "Système d'information",
  "Développement web",
  "Gestion de contenus",
  "Ergonomie et accessibilité",
  "Projet personnel et professionnel",
  "Intégration",
  "Production audio et vidéo",
  "Expression et rhétorique",
  "Écriture multimédia et narration",
  "Représentation et traitement de l'information",
  "Économie et droit du numérique",
  "Gestion de projet",
] as const;
export type BuiltinSubject = (typeof BUILTIN_SUBJECTS)[number];

/** Fixed fallback gradient [from, to] of each built-in subject. */
export const BUILTIN_SUBJECT_COLORS: Record<BuiltinSubject, readonly [string, string]> = {
  Anglais: ["#2563EB", "#60A5FA"],
  "Culture artistique": ["#DB2777", "#F472B6"],
  "Culture numérique": ["#7C3AED", "#A78BFA"],
  "Production graphique": ["#EA580C", "#FB923C"],
  "Stratégies de communication": ["#0D9488", "#2DD4BF"],
  Hébergement: ["#4F46E5", "#818CF8"],
  "Système d'information": ["#0891B2", "#22D3EE"],
  "Développement web": ["#16A34A", "#4ADE80"],
  "Gestion de contenus": ["#9333EA", "#C084FC"],
  "Ergonomie et accessibilité": ["#0284C7", "#38BDF8"],
  "Projet personnel et professionnel": ["#CA8A04", "#FACC15"],
  Intégration: ["#059669", "#34D399"],
  "Production audio et vidéo": ["#E11D48", "#FB7185"],
  "Expression et rhétorique": ["#C2410C", "#F97316"],
  "Écriture multimédia et narration": ["#6D28D9", "#8B5CF6"],
  "Représentation et traitement de l'information": ["#0F766E", "#14B8A6"],
  "Économie et droit du numérique": ["#1D4ED8", "#3B82F6"],
  "Gestion de projet": ["#BE123C", "#F43F5E"],
};

/** Subject name length. */
export const SUBJECT_NAME_MAX = 50;
/** Defaults of a new subject: a blue gradient. */
export const SUBJECT_DEFAULT_COLOR = "#3B82F6";
export const SUBJECT_DEFAULT_COLOR2 = "#60A5FA";
export const SUBJECT_DEFAULT_ANGLE = 135;
/** Specialities a visibility rule may name: the three tracks plus "gestion". */
export const RULE_SPECIALITIES = ["devweb", "creation", "strategie", "gestion"] as const;
/** Colours are stored as #RRGGBB. */
export const HEX_COLOR_PATTERN = "^#[0-9A-Fa-f]{6}$";
