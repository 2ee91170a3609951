import type { TaskEvent } from "../api/task-types";

export interface Viewer {
  id: string;
  role: string;
  year: string;
  groupe: string;
  specialite: string;
}

const is = (role: string, ...roles: string[]) => roles.includes(role === "etudiant" ? "eleve" : role);

export const isStaff = (v: Viewer) => is(v.role, "prof", "admin");
export const canAuthor = (v: Viewer) => is(v.role, "delegue", "prof", "admin");
export const showsLateTab = (v: Viewer) => !is(v.role, "prof");
export const canClearLate = (v: Viewer) => is(v.role, "eleve", "delegue");
export const canDeposit = (v: Viewer) => is(v.role, "eleve", "delegue");
export const hasStaffFilters = (v: Viewer) => isStaff(v);
export const isDelegate = (v: Viewer) => is(v.role, "delegue");

/** Hard delete: the creator (delegate or prof) or an admin (server rules §7). */
export function canHardDelete(v: Viewer, t: TaskEvent): boolean {
  return is(v.role, "admin") || (is(v.role, "delegue", "prof") && !!t.createdBy && t.createdBy === v.id);
}

/** Delegates get the rich tools only in BUT2/BUT3; profs and admins always (spec 3 §5). */
export function richToolsAllowed(v: Viewer): boolean {
  if (isStaff(v)) return true;
  return is(v.role, "delegue") && ["BUT2", "BUT3", "2", "3"].includes(v.year);
}
