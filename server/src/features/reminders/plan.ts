// When reminders are due: pure functions of a task, the student's preferences and the
// clock, all in Paris wall-clock time (parisToUtc handles both DST changes).
import { inQuietHours, minutesOf, type ReminderPrefs } from "@planify/common/constants/reminders";
import { addDays, parisDate, parisDayAndMinutes, parisToUtc } from "@planify/common/time/paris-time";

const HOUR = 3_600_000;

export interface PlannedTask {
  id: string;
  type: "devoir" | "exam";
  /** Paris date "YYYY-MM-DD" of the deadline. */
  date: string;
  deadlineAt: number;
}

export interface PlannedLead {
  /** "veille" or "h<N>": part of the delivery key, so a changed evening hour never re-sends. */
  lead: string;
  /** The instant the student asked for. */
  at: number;
  /** The instant it may go out: `at`, moved out of the quiet hours. */
  dueAt: number;
}

/**
 * Moves an instant that falls in the quiet hours to their end. When that end is already
 * past the deadline, the reminder goes out just before the quiet hours began instead
 * (earlier than asked is better than after the deadline).
 */
export function outOfQuietHours(at: number, prefs: Pick<ReminderPrefs, "quietStart" | "quietEnd">, deadlineAt: number): number {
  const { day, minutes } = parisDayAndMinutes(at);
  if (!inQuietHours(minutes, prefs.quietStart, prefs.quietEnd)) return at;
  const spansMidnight = minutesOf(prefs.quietStart) > minutesOf(prefs.quietEnd);
  const eveningPart = spansMidnight && minutes >= minutesOf(prefs.quietStart);
  const end = parisToUtc(eveningPart ? addDays(day, 1) : day, prefs.quietEnd);
  if (end < deadlineAt) return end;
  const startDay = spansMidnight && !eveningPart ? addDays(day, -1) : day;
  return parisToUtc(startDay, prefs.quietStart) - 60_000;
}

/** The reminders a task gets under these preferences (the type's own lead times). */
export function plannedLeads(task: PlannedTask, prefs: ReminderPrefs): PlannedLead[] {
  const leads = prefs[task.type];
  const out: PlannedLead[] = [];
  if (leads.eveningBefore) {
    const at = parisToUtc(addDays(task.date, -1), leads.eveningTime);
    out.push({ lead: "veille", at, dueAt: outOfQuietHours(at, prefs, task.deadlineAt) });
  }
  if (leads.hoursBefore > 0) {
    // Real hours: "2 h before" a Sunday 03:30 on the autumn change is 2 elapsed hours.
    const at = task.deadlineAt - leads.hoursBefore * HOUR;
    out.push({ lead: `h${leads.hoursBefore}`, at, dueAt: outOfQuietHours(at, prefs, task.deadlineAt) });
  }
  return out;
}

/** The reminders to send at `now`: due, and the deadline still ahead. */
export function dueLeads(task: PlannedTask, prefs: ReminderPrefs, now: number): PlannedLead[] {
  if (task.deadlineAt <= now) return [];
  return plannedLeads(task, prefs).filter((l) => l.dueAt <= now);
}

/** Whether nothing may be sent at `now` (Paris quiet hours). */
export function isQuietNow(now: number, prefs: Pick<ReminderPrefs, "quietStart" | "quietEnd">): boolean {
  return inQuietHours(parisDayAndMinutes(now).minutes, prefs.quietStart, prefs.quietEnd);
}

/**
 * The digest due at `now`: the Paris day whose digest hour has passed most recently, and the
 * end (exclusive) of the deadlines it lists: everything due by the end of the next day.
 */
export function digestWindow(now: number, digestTime: string): { day: string; until: number } {
  const today = parisDate(now);
  const day = now >= parisToUtc(today, digestTime) ? today : addDays(today, -1);
  return { day, until: parisToUtc(addDays(day, 2), "00:00") };
}

/** How far ahead tasks are read for single reminders: the longest lead plus the evening before. */
export const LOOKAHEAD_MS = (72 + 48) * HOUR;
