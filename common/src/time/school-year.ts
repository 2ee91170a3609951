/**
 * The French school year, named "2026-2027", runs from 1 August to 31 July (Paris dates): the
 * rollover is run in the summer, and everything dated from August on belongs to the new year.
 * One definition for the rollover, the retention of old tasks and hand-ins, and the holidays.
 */
import { parisDate } from "./paris-time";

/** Month (1–12) on whose first day a school year starts. */
export const SCHOOL_YEAR_START_MONTH = 8;

const LABEL = /^(\d{4})-(\d{4})$/;

/** The school year a Paris date ("YYYY-MM-DD") belongs to, e.g. "2026-11-27" → "2026-2027". */
export function schoolYearOfDate(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const first = month >= SCHOOL_YEAR_START_MONTH ? year : year - 1;
  return `${first}-${first + 1}`;
}

/** The school year an instant (UTC ms) belongs to, read in Paris. */
export function schoolYearAt(ms: number): string {
  return schoolYearOfDate(parisDate(ms));
}

/** Whether a text is a school year's name ("2026-2027": two consecutive years). */
export function isSchoolYear(label: string): boolean {
  const match = LABEL.exec(label);
  return match !== null && Number(match[2]) === Number(match[1]) + 1;
}

/** First and last Paris dates of a school year ("2026-2027" → 2026-08-01 … 2027-07-31). */
export function schoolYearBounds(label: string): { first: string; last: string } {
  if (!isSchoolYear(label)) throw new RangeError(`not a school year: ${label}`);
  const first = Number(label.slice(0, 4));
  const month = String(SCHOOL_YEAR_START_MONTH).padStart(2, "0");
  const lastMonth = String(SCHOOL_YEAR_START_MONTH - 1).padStart(2, "0");
  const lastDay = new Date(Date.UTC(first + 1, SCHOOL_YEAR_START_MONTH - 1, 0)).getUTCDate();
  return { first: `${first}-${month}-01`, last: `${first + 1}-${lastMonth}-${String(lastDay).padStart(2, "0")}` };
}

/** The school year `offset` years after (negative: before) the one named. */
export function shiftSchoolYear(label: string, offset: number): string {
  if (!isSchoolYear(label)) throw new RangeError(`not a school year: ${label}`);
  const first = Number(label.slice(0, 4)) + offset;
  return `${first}-${first + 1}`;
}
