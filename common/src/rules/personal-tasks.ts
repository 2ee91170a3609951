import { addDays } from "../time/paris-time";
import { PERSONAL_FUTURE_DAYS, PERSONAL_MESSAGES as M, PERSONAL_NOTE_MAX, PERSONAL_PAST_DAYS } from "../constants/personal-tasks";
import { TASK_TITLE_MAX } from "../constants/tasks";
import type { TaskPermissions } from "./task-permissions";

/** The fields of a personal task a user types, as the form holds them. */
export interface PersonalTaskFields {
  titre: string;
  date: string;
  heure: string;
  note: string;
}

/** First and last Paris day a personal task may be due on, given today's Paris date. */
export function personalDateRange(today: string): { min: string; max: string } {
  return { min: addDays(today, -PERSONAL_PAST_DAYS), max: addDays(today, PERSONAL_FUTURE_DAYS) };
}

/**
 * The first rule a personal task breaks, as its French message (null when valid): the same
 * limits on the server and in the form. `date` is YYYY-MM-DD, `heure` HH:MM. An edit passes
 * the stored date as `keepDate`: keeping it is allowed even once it has left the range.
 */
export function personalTaskProblem(v: PersonalTaskFields, today: string, keepDate?: string): string | null {
  const title = v.titre.trim();
  if (!title) return M.titleRequired;
  if (title.length > TASK_TITLE_MAX) return M.titleTooLong;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) return M.dateRequired;
  if (!/^\d{2}:\d{2}$/.test(v.heure)) return M.timeRequired;
  const { min, max } = personalDateRange(today);
  if ((v.date < min || v.date > max) && v.date !== keepDate) return M.dateOutOfRange;
  if (v.note.length > PERSONAL_NOTE_MAX) return M.noteTooLong;
  return null;
}

/** What the owner may do with a personal task: edit it and remove it; nothing of a class task's sharing. */
export const PERSONAL_PERMISSIONS: TaskPermissions = {
  mark: false,
  edit: true,
  editYear: false,
  hardDelete: false,
  setGroups: false,
  editFiles: false,
  seeSubmissions: false,
  deposit: false,
  hide: true,
};
