import { addDays, parisDayAndMinutes as parisDayAndMinutesAt } from "@planify/common/time/paris-time";
import type { Slot } from "../api/timetable-api";

export const FIRST_HOUR = 7;
export const LAST_HOUR = 21;
/** Paris calendar day (YYYY-MM-DD) and minutes since midnight of an instant (the one Paris rule of common). */
export function parisDayAndMinutes(at: Date): { day: string; minutes: number } {
  return parisDayAndMinutesAt(at.getTime());
}

export { addDays };

/** Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const weekday = (new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

export function dayLabel(day: string, style: "short" | "long" = "short"): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!, 12)).toLocaleDateString(
    "fr-FR",
    style === "short"
      ? { weekday: "short", day: "numeric", timeZone: "UTC" }
      : { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" },
  );
}

/** "17 – 23 novembre 2026" */
export function weekLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  const opts = (withMonth: boolean): Intl.DateTimeFormatOptions => ({
    day: "numeric",
    ...(withMonth ? { month: "long" } : {}),
    timeZone: "UTC",
  });
  const toDate = (s: string) => {
    const [y, m, d] = s.split("-").map(Number);
    return new Date(Date.UTC(y!, m! - 1, d!, 12));
  };
  const sameMonth = monday.slice(0, 7) === sunday.slice(0, 7);
  const from = toDate(monday).toLocaleDateString("fr-FR", opts(!sameMonth));
  const to = toDate(sunday).toLocaleDateString("fr-FR", { ...opts(true), year: "numeric" });
  return `${from} – ${to}`;
}

/** The hours a week's grid covers: 7h–21h, stretched to the earliest start and the latest slot of the week (up to midnight). */
export interface HourRange {
  first: number;
  last: number;
}

/** Shortest drawn slot, in minutes: a deadline (a point in time) still gets a block to read. */
export const MIN_SLOT_MIN = 30;

/** Stretches 7h–21h so every slot starting in `days` is drawn at its own time (a 23:59 deadline: up to 24h). */
export function hourRange(slots: Slot[], days: string[]): HourRange {
  let first = FIRST_HOUR;
  let last = LAST_HOUR;
  for (const slot of slots) {
    const s = parisDayAndMinutes(slot.start);
    if (!days.includes(s.day)) continue;
    const e = parisDayAndMinutes(slot.end);
    const end = Math.max(s.minutes + MIN_SLOT_MIN, e.day === s.day ? e.minutes : 24 * 60);
    first = Math.min(first, Math.floor(s.minutes / 60));
    last = Math.max(last, Math.min(24, Math.ceil(end / 60)));
  }
  return { first, last };
}

export interface Placed {
  slot: Slot;
  /** Minutes from the range's first hour. */
  top: number;
  height: number;
  lane: number;
  lanes: number;
}

/** Places a day's slots on the week's grid at their own time, side by side when they overlap. */
export function placeDay(slots: Slot[], day: string, range: HourRange = { first: FIRST_HOUR, last: LAST_HOUR }): Placed[] {
  const span = (range.last - range.first) * 60;
  const items = slots
    .map((slot) => ({ slot, s: parisDayAndMinutes(slot.start), e: parisDayAndMinutes(slot.end) }))
    .filter((x) => x.s.day === day)
    .sort((a, b) => a.s.minutes - b.s.minutes);
  const placed: Placed[] = items.map(({ slot, s, e }) => {
    const endMin = e.day === day ? e.minutes : 24 * 60;
    const height = Math.min(span, Math.max(MIN_SLOT_MIN, endMin - s.minutes));
    // A block that would run past midnight ends at the grid's bottom: 23:59 sits in the 23h row.
    const top = Math.max(0, Math.min(s.minutes - range.first * 60, span - height));
    return { slot, top, height, lane: 0, lanes: 1 };
  });
  // Greedy lanes inside clusters of overlapping slots.
  let cluster: Placed[] = [];
  let clusterEnd = -1;
  const flush = () => {
    const lanes = Math.max(1, ...cluster.map((p) => p.lane + 1));
    for (const p of cluster) p.lanes = lanes;
    cluster = [];
  };
  for (const p of placed) {
    if (p.top >= clusterEnd) flush();
    const used = new Set(cluster.filter((c) => c.top + c.height > p.top).map((c) => c.lane));
    let lane = 0;
    while (used.has(lane)) lane += 1;
    p.lane = lane;
    cluster.push(p);
    clusterEnd = Math.max(clusterEnd, p.top + p.height);
  }
  flush();
  return placed;
}
