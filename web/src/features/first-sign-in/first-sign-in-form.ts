import type { FirstSignInBody } from "@planify/common/schemas/users";
import { GROUPS, TRACKS, YEARS } from "@planify/common/constants/school";

export interface FirstSignInDraft {
  year: string;
  groupe: string;
  specialite: string;
}

/** The body of PUT /users/me/first-sign-in, or the first French problem of the draft. */
export function firstSignInBody(d: FirstSignInDraft): FirstSignInBody | string {
  const year = YEARS.find((y) => y === d.year);
  if (!year) return "Choisis ton année.";
  const groupe = GROUPS.find((g) => g === d.groupe);
  if (!groupe) return "Choisis ton groupe.";
  const specialite = TRACKS.find((t) => t === d.specialite) ?? "";
  return { year, groupe, specialite };
}
