import { Type, type Static } from "@sinclair/typebox";
import { HOLIDAY_LIMITS as L, HOLIDAY_SOURCES } from "../constants/holidays";
import { literalUnion } from "./literal-union";
import { Nullable, ok } from "./shared";

const Day = Type.String({ maxLength: 10, description: "date de Paris AAAA-MM-JJ" });

/** A period of school holidays, first and last day included (Paris dates). */
export const Holiday = Type.Object({
  id: Type.String(),
  label: Type.String(),
  firstDay: Day,
  lastDay: Day,
  source: literalUnion(HOLIDAY_SOURCES),
  /** The school year ("2026-2027") of its first day. */
  schoolYear: Type.String(),
});
export type Holiday = Static<typeof Holiday>;

/** GET /holidays. */
export const HolidaysResponse = ok({ holidays: Type.Array(Holiday) });
export type HolidaysResponse = Static<typeof HolidaysResponse>;

/** POST /holidays and PUT /holidays/:id (checked by holidayProblem). */
export const HolidayBody = Type.Object({
  label: Type.String({ maxLength: 200 }),
  firstDay: Day,
  lastDay: Day,
});
export type HolidayBody = Static<typeof HolidayBody>;

export const HolidayParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const HolidayWriteResponse = ok({ message: Type.String(), holiday: Holiday });
export type HolidayWriteResponse = Static<typeof HolidayWriteResponse>;

/** POST /holidays/import: the .ics text; `apply` false only previews. */
export const HolidayImportBody = Type.Object({
  ics: Type.String({ maxLength: L.icsMaxChars }),
  /** The school years to replace; all those the file covers when absent. */
  schoolYears: Type.Optional(Type.Array(Type.String({ maxLength: 9 }), { maxItems: 10 })),
  apply: Type.Boolean(),
});
export type HolidayImportBody = Static<typeof HolidayImportBody>;

const Period = Type.Object({ label: Type.String(), firstDay: Day, lastDay: Day, schoolYear: Type.String() });

export const HolidayImportResponse = ok({
  /** The periods of the file within the chosen years, duplicates removed, in date order. */
  periods: Type.Array(Period),
  /** The school years the file covers. */
  schoolYears: Type.Array(Type.String()),
  /** How many imported periods of those years are replaced (manual ones are kept). */
  replaced: Type.Integer(),
  applied: Type.Boolean(),
  message: Type.Optional(Type.String()),
});
export type HolidayImportResponse = Static<typeof HolidayImportResponse>;

/** The student's pause state, in GET /reminders/settings and the pause routes' answers. */
export const ReminderPause = Type.Object({
  /** Reminders stop during school holidays (default) unless the student keeps them. */
  pauseInHolidays: Type.Boolean(),
  /** « Mode vacances »: nothing is sent through this Paris date; reminders resume the day after. */
  pausedUntil: Nullable(Day),
  /** The holiday period of today, when there is one. */
  holidayNow: Nullable(Type.String()),
});
export type ReminderPause = Static<typeof ReminderPause>;

/** PUT /reminders/pause. */
export const ReminderPauseBody = Type.Object({ until: Day });
/** PUT /reminders/holidays. */
export const ReminderHolidaysBody = Type.Object({ pauseInHolidays: Type.Boolean() });

export const ReminderPauseResponse = ok({ message: Type.String(), pause: ReminderPause });
export type ReminderPauseResponse = Static<typeof ReminderPauseResponse>;
