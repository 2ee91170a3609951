import { GROUPS, TRACKS, YEARS } from "@planify/common/constants/school";

/**
 * Year, group and track of a student created at first ENT sign-in, when the provider sends
 * them in a form Planify reads (rare: spec 7). A school's IT may release them as the claims or
 * attributes `planify_year` (BUT1…BUT3), `planify_group` (Promo, A, A', …) and `planify_track`
 * (devweb, creation, strategie), e.g. with a Keycloak mapper; any other value is ignored.
 * Without a year and a group the student picks them in the first-sign-in form (`pending`).
 */
export const PROFILE_CLAIMS = { year: "planify_year", groupe: "planify_group", specialite: "planify_track" } as const;

function pick<T extends string>(allowed: readonly T[], value: unknown): T | "" {
  const text = (Array.isArray(value) ? value[0] : value) as unknown;
  if (typeof text !== "string") return "";
  const wanted = text.trim().toLowerCase();
  return allowed.find((v) => v.toLowerCase() === wanted) ?? "";
}

export function profileFromAttributes(attributes: Record<string, unknown>): {
  year: string;
  groupe: string;
  specialite: string;
  pending: boolean;
} {
  const year = pick(YEARS, attributes[PROFILE_CLAIMS.year]);
  const groupe = pick(GROUPS, attributes[PROFILE_CLAIMS.groupe]);
  const specialite = pick(TRACKS, attributes[PROFILE_CLAIMS.specialite]);
  return { year, groupe, specialite, pending: !year || !groupe };
}
