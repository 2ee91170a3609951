import { parisDate, parisToUtc } from "@planify/common/time/paris-time";

/** The Paris calendar month of an instant, "YYYY-MM": a season. */
export function parisMonth(ms: number): string {
  return parisDate(ms).slice(0, 7);
}

/** The month after "YYYY-MM". */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The UTC instant a season ends: midnight, Paris time, on the first day of the next month. */
export function monthEndsAt(month: string): number {
  return parisToUtc(`${nextMonth(month)}-01`, "00:00");
}

const MONTH_NAMES = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

/** "novembre 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}
