// Reads the French academic calendar of a zone (.ics, as published by the ministry on
// data.education.gouv.fr): all-day VEVENTs « Vacances de … - Zone X » whose DTEND is exclusive.
import ICAL from "ical.js";
import { HOLIDAY_LIMITS, HOLIDAY_MESSAGES as M, daysBetween } from "@planify/common/constants/holidays";
import { addDays } from "@planify/common/time/paris-time";
import { schoolYearOfDate } from "@planify/common/time/school-year";
import { badRequest } from "../../lib/errors";

export interface IcsPeriod {
  label: string;
  firstDay: string;
  lastDay: string;
  schoolYear: string;
}

const ZONE = /\s*[-–—]\s*Zones?\s+([A-Z](?:\s*(?:,|et)\s*[A-Z])*)\s*$/i;
const HOLIDAY = /\bvacances\b/i;

/** "2026-10-17" from an ical.js DATE value. */
const day = (t: ICAL.Time) => `${String(t.year).padStart(4, "0")}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;

/**
 * The holiday periods of a calendar, in date order, duplicates removed; a French 400 naming
 * the problem when the file is not iCalendar, holds no holidays, mixes zones or is not made
 * of whole days. Other events (« Rentrée scolaire », « Pont de l'Ascension ») are ignored, and
 * so is a « Début des Vacances d'Été » without an end (the summer is outside every school week).
 */
export function parseHolidayCalendar(text: string): IcsPeriod[] {
  if (text.length > HOLIDAY_LIMITS.icsMaxChars) throw badRequest(M.icsTooBig);
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw badRequest(M.icsNotCalendar);
  }
  if (root.name !== "vcalendar") throw badRequest(M.icsNotCalendar);
  const zones = new Set<string>();
  const seen = new Map<string, IcsPeriod>();
  for (const vevent of root.getAllSubcomponents("vevent")) {
    const summary = String(vevent.getFirstPropertyValue("summary") ?? "").trim();
    if (!HOLIDAY.test(summary)) continue;
    const start = vevent.getFirstPropertyValue("dtstart");
    const end = vevent.getFirstPropertyValue("dtend");
    if (!(start instanceof ICAL.Time)) throw badRequest(M.icsNotCalendar);
    if (!(end instanceof ICAL.Time)) continue;
    if (!start.isDate || !end.isDate) throw badRequest(M.icsNotAllDay(summary.slice(0, 80)));
    const zone = ZONE.exec(summary);
    if (zone?.[1]) zones.add(zone[1].toUpperCase().replace(/\s+/g, ""));
    const label = summary.replace(ZONE, "").trim().slice(0, HOLIDAY_LIMITS.labelMax);
    // DTEND of a DATE event is the day after the last one (RFC 5545 §3.6.1).
    const firstDay = day(start);
    const lastDay = addDays(day(end), -1);
    const days = daysBetween(firstDay, lastDay);
    if (days < 0 || days + 1 > HOLIDAY_LIMITS.maxDays) throw badRequest(M.icsBadPeriod(summary.slice(0, 80)));
    seen.set(`${label}|${firstDay}|${lastDay}`, { label, firstDay, lastDay, schoolYear: schoolYearOfDate(firstDay) });
  }
  if (zones.size > 1) throw badRequest(M.icsManyZones([...zones].sort().join(", ")));
  if (seen.size === 0) throw badRequest(M.icsNoHolidays);
  return [...seen.values()].sort((a, b) => a.firstDay.localeCompare(b.firstDay) || a.label.localeCompare(b.label));
}
