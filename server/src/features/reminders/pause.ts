// Reminders on hold: during the school holidays (unless the student keeps them) and in
// « mode vacances » (through a date the student picks). What falls due while on hold is
// claimed as "skipped" by the dispatcher, so it is never sent, not even after the pause.
import { eq } from "drizzle-orm";
import { HOLIDAY_MESSAGES as M, pauseProblem } from "@planify/common/constants/holidays";
import { DEFAULT_REMINDER_PREFS } from "@planify/common/constants/reminders";
import type { ReminderPause, ReminderPauseResponse } from "@planify/common/schemas/holidays";
import { parisDate } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import { first } from "../../db/engine";
import { reminderSettings } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { holidayOnDate } from "../../lib/school-holidays";

/**
 * The holiday that holds reminders at `now`, if any. Its last day does not: the evening
 * before school starts again is when « à rendre lundi » matters most.
 */
export async function holdingHoliday(deps: AppDeps, now: number): Promise<string | null> {
  const today = parisDate(now);
  const h = await holidayOnDate(deps, today);
  return h && h.lastDay !== today ? h.label : null;
}

async function stored(deps: AppDeps, userId: string): Promise<{ pauseInHolidays: boolean; pausedUntil: string | null }> {
  const row = await first(
    deps.db
      .select({ pauseInHolidays: reminderSettings.pauseInHolidays, pausedUntil: reminderSettings.pausedUntil })
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, userId)),
  );
  return row ?? { pauseInHolidays: true, pausedUntil: null };
}

/** Whether the student's reminders are on hold at `now` (`holiday`: holdingHoliday of this tick). */
export async function remindersHeld(deps: AppDeps, userId: string, now: number, holiday: string | null): Promise<boolean> {
  const s = await stored(deps, userId);
  if (s.pausedUntil && parisDate(now) <= s.pausedUntil) return true;
  return holiday !== null && s.pauseInHolidays;
}

/** The pause state shown in the notifications section (a pause whose date is past reads as none). */
export async function pauseView(deps: AppDeps, userId: string): Promise<ReminderPause> {
  const s = await stored(deps, userId);
  const today = parisDate(deps.now());
  return {
    pauseInHolidays: s.pauseInHolidays,
    pausedUntil: s.pausedUntil && s.pausedUntil >= today ? s.pausedUntil : null,
    holidayNow: (await holidayOnDate(deps, today))?.label ?? null,
  };
}

/** Writes the pause columns, creating the settings row (with the default preferences) when there is none. */
async function write(deps: AppDeps, userId: string, set: { pauseInHolidays?: boolean; pausedUntil?: string | null }): Promise<void> {
  const { email: _none, ...prefs } = DEFAULT_REMINDER_PREFS;
  await deps.db
    .insert(reminderSettings)
    .values({ userId, prefs: JSON.stringify(prefs), updatedAt: deps.now(), ...set })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...set, updatedAt: deps.now() } });
}

const answer = async (deps: AppDeps, userId: string, message: string): Promise<ReminderPauseResponse> => ({
  success: true,
  message,
  pause: await pauseView(deps, userId),
});

/** PUT /reminders/pause: nothing is sent through `until` (after today, a year ahead at most). */
export async function pauseUntil(deps: AppDeps, userId: string, until: string): Promise<ReminderPauseResponse> {
  const problem = pauseProblem(until, parisDate(deps.now()));
  if (problem) throw badRequest(problem);
  await write(deps, userId, { pausedUntil: until });
  return await answer(deps, userId, M.paused(until));
}

/** DELETE /reminders/pause: « Reprendre maintenant ». */
export async function resumeNow(deps: AppDeps, userId: string): Promise<ReminderPauseResponse> {
  await write(deps, userId, { pausedUntil: null });
  return await answer(deps, userId, M.resumed);
}

/** PUT /reminders/holidays: whether reminders stop during the school holidays. */
export async function setHolidayPause(deps: AppDeps, userId: string, pauseInHolidays: boolean): Promise<ReminderPauseResponse> {
  await write(deps, userId, { pauseInHolidays });
  return await answer(deps, userId, pauseInHolidays ? M.keepInHolidaysOff : M.keepInHolidaysOn);
}
