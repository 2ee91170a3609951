import { GROUPS, TRACKS, TRACK_LABELS, YEARS, type Group, type Track, type Year } from "./school";
import type { Role } from "./roles";
import { USERNAME_MAX_LENGTH } from "./limits";

/** Rows per commit call: the web sends a long list in chunks and shows the progress. */
export const IMPORT_CHUNK = 100;
/** Rows one preview may check (a whole school). */
export const IMPORT_MAX_ROWS = 3000;

/** One line of a class list, as read from the file (every field is text). */
export interface ClassListRow {
  username: string;
  firstName?: string;
  lastName?: string;
  role?: string;
  year?: string;
  groupe?: string;
  specialite?: string;
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, " ")
    .trim();

/** Column headings recognised in a file, French or English, for each field. */
export const IMPORT_HEADINGS: Record<keyof ClassListRow, readonly string[]> = {
  username: ["identifiant", "username", "login", "nom d'utilisateur", "utilisateur", "pseudo"],
  firstName: ["prenom", "first name", "firstname", "given name"],
  lastName: ["nom", "last name", "lastname", "nom de famille", "surname", "family name"],
  role: ["role", "statut", "profil"],
  year: ["annee", "year", "promo", "niveau"],
  groupe: ["groupe", "group", "td", "tp"],
  specialite: ["parcours", "specialite", "track", "option"],
};

/** The field a heading names, or null. */
export function fieldOfHeading(heading: string): keyof ClassListRow | null {
  const h = fold(heading);
  for (const [field, names] of Object.entries(IMPORT_HEADINGS) as [keyof ClassListRow, readonly string[]][]) {
    if (names.includes(h)) return field;
  }
  return null;
}

const ROLE_SPELLINGS: Record<string, Role> = {
  "": "eleve",
  eleve: "eleve",
  etudiant: "eleve",
  etudiante: "eleve",
  student: "eleve",
  delegue: "delegue",
  deleguee: "delegue",
  delegate: "delegue",
  prof: "prof",
  professeur: "prof",
  professeure: "prof",
  enseignant: "prof",
  enseignante: "prof",
  teacher: "prof",
  admin: "admin",
  administrateur: "admin",
  administratrice: "admin",
};

/** The role a cell names ('Étudiant', 'délégué', 'Professeur'…); empty means student. */
export function importRole(cell: string | undefined): Role | null {
  return ROLE_SPELLINGS[fold(cell ?? "")] ?? null;
}

/** 'BUT1', 'but 1', '1', '1re année' → BUT1; null when not a year. */
export function importYear(cell: string | undefined): Year | "" | null {
  const c = fold(cell ?? "").replace(/\s/g, "");
  if (!c) return "";
  const m = /^(?:but)?([123])(?:e|er|ere|re|eme)?(?:annee)?$/.exec(c);
  const year = m ? (`BUT${m[1]}` as Year) : null;
  return year && YEARS.includes(year) ? year : null;
}

/** "A", "a'", 'A"', "B’", "promo" → a group; empty means Promo. */
export function importGroup(cell: string | undefined): Group | null {
  const c = (cell ?? "")
    .trim()
    .replace(/[’‘´`]/g, "'")
    .replace(/[“”″]|''/g, '"')
    .replace(/^groupe\s*/i, "");
  if (!c) return "Promo";
  if (fold(c) === "promo") return "Promo";
  const upper = c.toUpperCase();
  return (GROUPS as readonly string[]).includes(upper) ? (upper as Group) : null;
}

/** 'devweb', 'Développement Web', 'création numérique' → a track; empty means none. */
export function importTrack(cell: string | undefined): Track | "" | null {
  const c = fold(cell ?? "");
  if (!c) return "";
  for (const t of TRACKS) {
    if (c === t || c === fold(TRACK_LABELS[t]) || fold(TRACK_LABELS[t]).startsWith(c)) return t;
  }
  return null;
}

/** A row normalised for creation, or the French reasons it cannot be. */
export type CheckedRow =
  | { ok: true; username: string; firstName: string; lastName: string; role: Role; year: Year | ""; groupe: Group; specialite: Track | "" }
  | { ok: false; errors: string[] };

/** Checks one row on its own (duplicates are the server's and the file's business). */
export function checkRow(row: ClassListRow): CheckedRow {
  const errors: string[] = [];
  const username = (row.username ?? "").trim().replace(/\s+/g, " ");
  if (!username) errors.push("Identifiant manquant.");
  else if (username.length > USERNAME_MAX_LENGTH) errors.push(`Identifiant trop long (${USERNAME_MAX_LENGTH} caractères au plus).`);
  const role = importRole(row.role);
  if (!role) errors.push(`Rôle inconnu : « ${row.role} » (étudiant, délégué, professeur ou admin).`);
  const staff = role === "prof" || role === "admin";
  const year = importYear(row.year);
  if (year === null) errors.push(`Année inconnue : « ${row.year} » (BUT1, BUT2 ou BUT3).`);
  else if (!staff && !year) errors.push("Année manquante (BUT1, BUT2 ou BUT3).");
  const groupe = importGroup(row.groupe);
  if (!groupe) errors.push(`Groupe inconnu : « ${row.groupe} » (Promo, A, A', A", B, B', B").`);
  const specialite = importTrack(row.specialite);
  if (specialite === null) errors.push(`Parcours inconnu : « ${row.specialite} ».`);
  if (errors.length || !role || year === null || !groupe || specialite === null) return { ok: false, errors };
  return {
    ok: true,
    username,
    firstName: (row.firstName ?? "").trim().slice(0, 60),
    lastName: (row.lastName ?? "").trim().slice(0, 60),
    role,
    year: staff ? "" : year,
    groupe: staff ? "Promo" : groupe,
    specialite: staff ? "" : specialite,
  };
}
