import type { AdminUser, BulkSummary, UpdateUserBody } from "@planify/common/schemas/admin";
import { normaliseRole, type Role, type RoleInput } from "@planify/common/constants/roles";

export const COIN_FIELDS = ["coins", "leaderboardCoins", "factionCoins"] as const;
export type CoinField = (typeof COIN_FIELDS)[number];

/** The account fields of the add and edit forms. */
export interface ProfileDraft {
  username: string;
  password: string;
  role: RoleInput;
  groupe: string;
  year: string;
  specialite: string;
  firstName: string;
  lastName: string;
}

/** Whitespace collapsed and trimmed, as the server stores usernames. */
export const cleanUsername = (raw: string) => raw.trim().replace(/\s+/g, " ");

/** Staff (prof, admin) belong to the whole promo: Promo, no year, no speciality. */
export function isStaff(role: RoleInput): boolean {
  const r = normaliseRole(role);
  return r === "prof" || r === "admin";
}

/** The draft after a role change: 'etudiant' becomes 'eleve'; staff get Promo and no year. */
export function withRole(draft: ProfileDraft, role: RoleInput): ProfileDraft {
  const next = { ...draft, role: normaliseRole(role) as Role };
  return isStaff(role) ? { ...next, groupe: "Promo", year: "", specialite: "" } : next;
}

/** The first French problem of an add-user draft, or null. */
export function addUserProblem(d: ProfileDraft): string | null {
  if (!cleanUsername(d.username)) return "Le nom d'utilisateur est requis.";
  if (!d.password) return "Le mot de passe est requis.";
  if (d.password.length < 8) return "Le mot de passe doit contenir au moins 8 caractères.";
  if (!isStaff(d.role) && !d.year) return "Veuillez sélectionner une année.";
  if (!isStaff(d.role) && !d.groupe) return "Veuillez sélectionner un groupe.";
  return null;
}

/**
 * The PUT body of the edit form: the profile, the password only when typed, and each coin
 * field only when it differs from the user's current value.
 */
export function editBody(user: AdminUser, d: ProfileDraft, coins: Record<CoinField, string>): UpdateUserBody | string {
  const username = cleanUsername(d.username);
  if (!username) return "Le nom d'utilisateur est requis.";
  if (d.password && d.password.length < 8) return "Le mot de passe doit contenir au moins 8 caractères.";
  if (!isStaff(d.role) && !d.year) return "Veuillez sélectionner une année.";
  const body: UpdateUserBody = {
    username,
    role: normaliseRole(d.role),
    groupe: (isStaff(d.role) ? "Promo" : d.groupe) as UpdateUserBody["groupe"],
    year: (isStaff(d.role) ? "" : d.year) as UpdateUserBody["year"],
    specialite: (isStaff(d.role) ? "" : d.specialite) as UpdateUserBody["specialite"],
    firstName: d.firstName.trim(),
    lastName: d.lastName.trim(),
  };
  if (d.password) body.password = d.password;
  for (const field of COIN_FIELDS) {
    const text = coins[field].trim();
    const value = Number(text);
    if (text === "" || !Number.isInteger(value) || value < 0) return "Les coins doivent être des nombres entiers positifs ou nuls.";
    if (value !== user[field]) body[field] = value;
  }
  return body;
}

/** Exactly 3 distinct questions, each with an answer. */
export function questionsProblem(rows: { question: string; answer: string }[]): string | null {
  if (rows.length !== 3 || rows.some((r) => !r.question || !r.answer.trim())) return "Veuillez remplir les 3 questions et réponses.";
  if (new Set(rows.map((r) => r.question)).size !== 3) return "Chaque question doit être différente des autres.";
  return null;
}

/** The result line of a bulk give or removal, in the words of the admin screens. */
export function summaryLines(s: BulkSummary, mode: "give" | "remove"): string[] {
  const lines =
    mode === "give" ? [`Donnés : ${s.done}`, `Déjà possédés : ${s.alreadyOwned}`] : [`Retirés : ${s.done}`, `Non possédés : ${s.notOwned}`];
  lines.push(`Échecs : ${s.failed}`);
  if (s.dynamicItems) lines.push(`Items dynamiques : ${s.dynamicItems}`);
  if (s.borderColors) lines.push(`Couleurs de bordure : ${s.borderColors}`);
  return lines;
}

/** Users whose username, name, role or year holds the search text (case and accents ignored). */
export function filterUsers(users: readonly AdminUser[], search: string, role: string, year: string): AdminUser[] {
  const fold = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const q = fold(search.trim());
  return users.filter(
    (u) =>
      (!role || u.role === role) && (!year || u.year === year) && (!q || fold(`${u.username} ${u.firstName} ${u.lastName}`).includes(q)),
  );
}
