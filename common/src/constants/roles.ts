/** Role values stored on users. `professeur` and `etudiant` are accepted on input and normalised. */
export const ROLES = ["admin", "prof", "delegue", "eleve"] as const;
export type Role = (typeof ROLES)[number];

/** Every spelling a client may send for a role. */
export const ROLE_INPUTS = [...ROLES, "professeur", "etudiant"] as const;
export type RoleInput = (typeof ROLE_INPUTS)[number];

/** Maps `professeur` to `prof` and `etudiant` to `eleve`; other values pass through. */
export function normaliseRole(role: RoleInput): Role {
  if (role === "professeur") return "prof";
  if (role === "etudiant") return "eleve";
  return role;
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Administrateur",
  prof: "Professeur",
  delegue: "Délégué",
  eleve: "Étudiant",
};

/** Roles that publish tasks for a promo. */
export const TASK_AUTHOR_ROLES: readonly Role[] = ["delegue", "prof", "admin"];
