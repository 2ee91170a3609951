import { normaliseRole, ROLE_LABELS, type RoleInput } from "./roles";
import { TRACK_LABELS, type Track } from "./school";

/** French names of an account's fields, as the admin forms and the journal name them. */
export const ACCOUNT_FIELD_LABELS: Record<string, string> = {
  username: "Nom d'utilisateur",
  password: "Mot de passe",
  firstName: "Prénom",
  lastName: "Nom",
  role: "Rôle",
  year: "Année",
  groupe: "Groupe",
  specialite: "Parcours",
  coins: "Coins",
  leaderboardCoins: "Coins du classement",
  factionCoins: "Coins de faction",
};

/**
 * An account field's stored value as a person reads it: roles and specialities by their
 * French names ('delegue' → 'Délégué', 'devweb' → 'Développement web'), empty as 'Aucun'
 * (no year: the whole promo), anything else as stored.
 */
export function accountValueLabel(field: string, value: unknown): string {
  if (typeof value !== "string") return value === null || value === undefined ? "Aucun" : String(value);
  if (field === "role") return ROLE_LABELS[normaliseRole(value as RoleInput)] ?? value;
  if (field === "specialite") return TRACK_LABELS[value as Track] ?? (value || "Aucun");
  if (field === "year") return value || "Toute la promo";
  return value;
}
