import { normaliseRole, ROLE_LABELS, type RoleInput } from "@planify/common/constants/roles";
import { GROUPS, TRACK_LABELS, TRACKS, YEAR_LABELS, YEARS, type Track, type Year } from "@planify/common/constants/school";

/**
 * 'Administrateur', 'Professeur', 'Délégué', 'Étudiant' (etudiant and professeur included):
 * the one place where role labels are decided. The shop popup shortens Administrateur to Admin.
 */
export function roleLabel(role: string, place: "shop" | "default" = "default"): string {
  const r = normaliseRole(role as RoleInput);
  if (place === "shop" && r === "admin") return "Admin";
  return ROLE_LABELS[r] ?? role;
}

/** '1ère année'…; users without a year (staff) read 'Toutes les années'. */
export function yearLabel(year: string): string {
  return YEAR_LABELS[year as Year] ?? "Toutes les années";
}

/** 'Développement web'…, or null when the user has no specialty. */
export function trackLabel(track: string | null | undefined): string | null {
  return TRACK_LABELS[(track ?? "") as Track] ?? null;
}

/** The year, group and track choices of the account forms (admin add/edit, first ENT sign-in). */
export const YEAR_OPTIONS = YEARS.map((y) => ({ value: y, label: y }));
export const GROUP_OPTIONS = GROUPS.map((g) => ({ value: g, label: g }));
export const TRACK_OPTIONS = [{ value: "", label: "Aucun" }, ...TRACKS.map((t) => ({ value: t, label: TRACK_LABELS[t] }))];
