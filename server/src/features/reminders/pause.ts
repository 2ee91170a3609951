// Reminders on hold: during the school holidays (unless the student keeps them) and in
// « mode vacances » (through a date the student picks). What falls due while on hold is
// claimed as "skipped" by the dispatcher, so it is never sent, not even after the pause.
import { eq } from "drizzle-orm";
import { HOLIDAY_MESSAGES as M, pauseProblem } from "@planify/common/constants/holidays";
import { DEFAULT_REMINDER_PREFS } from "@planify/common/constants/reminders";
import type { ReminderPause, ReminderPauseResponse } from "@planify/common/schemas/holidays";
import { parisDate } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import { reminderSettings } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { holidayOnDate } from "../../lib/school-holidays";

/**
 * The holiday that holds reminders at `now`, if any. Its last day does not: the evening
 * before school starts again is when « à rendre lundi » matters most.
 */
export function holdingHoliday(deps: AppDeps, now: number): string | null {
  const today = parisDate(now);
  const h = holidayOnDate(deps, today);
  return h && h.lastDay !== today ? h.label : null;
}

function stored(deps: AppDeps, userId: string): { pauseInHolidays: boolean; pausedUntil: string | null } {
  const row = deps.db
    .select({ pauseInHolidays: reminderSettings.pauseInHolidays, pausedUntil: reminderSettings.pausedUntil })
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId))
    .get();
  return row ?? { pauseInHolidays: true, pausedUntil: null };
}

/** Whether the student's reminders are on hold at `now` (`holiday`: holdingHoliday of this tick). */
export function remindersHeld(deps: AppDeps, userId: string, now: number, holiday: string | null): boolean {
  const s = stored(deps, userId);
  if (s.pausedUntil && parisDate(now) <= s.pausedUntil) return true;
  return holiday !== null && s.pauseInHolidays;
}

/** The pause state shown in the notifications section (a pause whose date is past reads as none). */
export function pauseView(deps: AppDeps, userId: string): ReminderPause {
  const s = stored(deps, userId);
  const today = parisDate(deps.now());
  return {
    pauseInHolidays: s.pauseInHolidays,
    pausedUntil: s.pausedUntil && s.pausedUntil >= today ? s.pausedUntil : null,
    holidayNow: holidayOnDate(deps, today)?.label ?? null,
  };
}

/** Writes the pause columns, creating the settings row (with the default preferences) when there is none. */
function write(deps: AppDeps, userId: string, set: { pauseInHolidays?: boolean; pausedUntil?: string | null }): void {
  const { email: _none, ...prefs } = DEFAULT_REMINDER_PREFS;
  deps.db
    .insert(reminderSettings)
    .values({ userId, prefs: JSON.stringify(prefs), updatedAt: deps.now(), ...set })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...set, updatedAt: deps.now() } })
    .run();
}

const answer = (deps: AppDeps, userId: string, message: string): ReminderPauseResponse => ({
  success: true,
  message,
  pause: pauseView(deps, userId),
});

/** PUT /reminders/pause: nothing is sent through `until` (after today, a year ahead at most). */
export function pauseUntil(deps: AppDeps, userId: string, until: string): ReminderPauseResponse {
  const problem = pauseProblem(until, parisDate(deps.now()));
  if (problem) throw badRequest(problem);
  write(deps, userId, { pausedUntil: until });
  return answer(deps, userId, M.paused(until));
}

/** DELETE /reminders/pause: « Reprendre maintenant ». */
export function resumeNow(deps: AppDeps, userId: string): ReminderPauseResponse {
  write(deps, userId, { pausedUntil: null });
  return answer(deps, userId, M.resumed);
}

/** PUT /reminders/holidays: whether reminders stop during the school holidays. */
export function setHolidayPause(deps: AppDeps, userId: string, pauseInHolidays: boolean): ReminderPauseResponse {
  write(deps, userId, { pauseInHolidays });
  return answer(deps, userId, pauseInHolidays ? M.keepInHolidaysOff : M.keepInHolidaysOn);
}
