import { normaliseRole, ROLE_LABELS, type RoleInput } from "@planify/common/constants/roles";
import { TRACK_LABELS, YEAR_LABELS, type Track, type Year } from "@planify/common/constants/school";

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
