import type { TaskEvent } from "../api/task-types";

export const TABS = [
  { id: "date", label: "Date" },
  { id: "archives", label: "Archives" },
  { id: "examens", label: "Examens" },
  { id: "devoirs", label: "Devoirs" },
  { id: "retard", label: "Retard" },
] as const;
export type TabId = (typeof TABS)[number]["id"];

export interface ListFilters {
  subject: string;
  year: string;
  specialite: string;
  groupe: string;
}
export const NO_FILTERS: ListFilters = { subject: "", year: "", specialite: "", groupe: "" };

const time = (t: TaskEvent) => t.deadline?.getTime() ?? Number.POSITIVE_INFINITY;
const byDeadline = (a: TaskEvent, b: TaskEvent) => time(a) - time(b);

export function isPast(t: TaskEvent, now: number): boolean {
  return time(t) <= now;
}

/** A homework whose deadline (Paris date + heure) passed and that is neither done nor archived. */
export function isLate(t: TaskEvent, now: number): boolean {
  // An exempt student is never late; `deadline` is already the student's own (their extension).
  return t.type === "devoir" && !t.hidden && !t.checked && !t.archived && !t.handIn?.exempt && isPast(t, now);
}

export function applyFilters(tasks: TaskEvent[], f: ListFilters): TaskEvent[] {
  return tasks.filter(
    (t) =>
      !t.hidden &&
      (!f.subject || t.matiere === f.subject) &&
      (!f.year || t.year === f.year || !t.year) &&
      (!f.specialite || t.specialite === f.specialite) &&
      (!f.groupe || t.groupes.includes(f.groupe) || t.groupes.includes("Promo")),
  );
}

export interface TabView {
  /** Left column: checked, not archived. */
  done: TaskEvent[];
  /** Right column: the tab's to-do list (late tasks in the Retard tab, archived ones in Archives). */
  main: TaskEvent[];
}

/** What each tab shows: finished exams and past to-dos leave the active lists. */
export function viewFor(tab: TabId, tasks: TaskEvent[], now: number): TabView {
  const live = tasks.filter((t) => !t.hidden);
  const done = live.filter((t) => t.checked && !t.archived).sort(byDeadline);
  const upcoming = live.filter((t) => !t.checked && !t.archived && !isPast(t, now)).sort(byDeadline);
  switch (tab) {
    case "archives":
      return { done: [], main: live.filter((t) => t.archived).sort((a, b) => byDeadline(b, a)) };
    case "retard":
      return { done, main: live.filter((t) => isLate(t, now)).sort(byDeadline) };
    case "examens":
      return { done: done.filter((t) => t.type === "exam"), main: upcoming.filter((t) => t.type === "exam") };
    case "devoirs":
      return { done: done.filter((t) => t.type === "devoir"), main: upcoming.filter((t) => t.type === "devoir") };
    default:
      return { done, main: upcoming };
  }
}

/** Archived tasks matching a bulk 'Vider' choice ('' = any). */
export function archivedMatching(tasks: TaskEvent[], type: "" | "devoir" | "exam", subject: string): TaskEvent[] {
  return tasks.filter((t) => t.archived && !t.hidden && (!type || t.type === type) && (!subject || t.matiere === subject));
}
