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

/** Hard delete: the server says with each task what the caller may do (one rule, in common). */
export function canHardDelete(t: TaskEvent): boolean {
  return t.can.hardDelete;
}

/** Delegates get the rich tools only in BUT2/BUT3; profs and admins always. */
export function richToolsAllowed(v: Viewer): boolean {
  if (isStaff(v)) return true;
  return is(v.role, "delegue") && ["BUT2", "BUT3", "2", "3"].includes(v.year);
}
