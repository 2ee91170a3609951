import ICAL from "ical.js";
import { SCHOOL_TIMETABLE_LIMITS as L, SCHOOL_TIMETABLE_MESSAGES as M } from "@planify/common/constants/school-timetable";
import type { Lesson } from "@planify/common/schemas/school-timetable";
import { badRequest } from "../../lib/errors";
import { PARIS_VTIMEZONE } from "../calendar";

// School exports often name Europe/Paris without describing it: our own definition stands in.
ICAL.TimezoneService.register(
  new ICAL.Component(ICAL.parse(["BEGIN:VCALENDAR", ...PARIS_VTIMEZONE, "END:VCALENDAR"].join("\r\n"))).getFirstSubcomponent("vtimezone")!,
);

/** Lessons are plain text: control characters go, lengths are capped, markup stays inert text. */
function clean(value: unknown, max: number): string {
  const text = typeof value === "string" ? value : "";
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
      .trim()
      .slice(0, max)
  );
}

/** A parsed calendar, its time zones registered; a French 400 when it is not iCalendar. */
export function parseCalendar(text: string): ICAL.Component {
  try {
    const root = new ICAL.Component(ICAL.parse(text));
    for (const tz of root.getAllSubcomponents("vtimezone")) {
      const id = String(tz.getFirstPropertyValue("tzid") ?? "");
      if (id && !ICAL.TimezoneService.has(id)) ICAL.TimezoneService.register(tz);
    }
    return root;
  } catch {
    throw badRequest(M.notCalendar);
  }
}

/** Floating times (no zone) are read as Paris wall-clock time. */
function instant(time: ICAL.Time): number {
  if (time.zone === ICAL.Timezone.localTimezone || time.zone === undefined || time.zone === null) {
    const paris = ICAL.TimezoneService.get("Europe/Paris")!;
    return (
      ICAL.Time.fromData(
        {
          year: time.year,
          month: time.month,
          day: time.day,
          hour: time.hour,
          minute: time.minute,
          second: time.second,
          isDate: time.isDate,
        },
        paris,
      ).toUnixTime() * 1000
    );
  }
  return time.toUnixTime() * 1000;
}

function lesson(event: ICAL.Event, start: ICAL.Time, end: ICAL.Time, source: Lesson["source"]): Lesson {
  const startMs = instant(start);
  return {
    id: `${source}:${clean(event.uid, 200)}:${startMs}`,
    title: clean(event.summary, L.titleMax) || "Cours",
    start: new Date(startMs).toISOString(),
    end: new Date(Math.max(startMs, instant(end))).toISOString(),
    location: clean(event.location, L.locationMax),
    description: clean(event.description, L.descriptionMax),
    source,
  };
}

/** Every occurrence that overlaps [fromMs, toMs), recurring lessons and their moved or cancelled dates included. */
export function lessonsBetween(root: ICAL.Component, fromMs: number, toMs: number, source: Lesson["source"]): Lesson[] {
  const events = root.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  const masters = new Map<string, ICAL.Event>();
  for (const e of events) if (!e.isRecurrenceException()) masters.set(e.uid, e);
  for (const e of events) if (e.isRecurrenceException()) masters.get(e.uid)?.relateException(e);

  const out: Lesson[] = [];
  for (const event of masters.values()) {
    if (String(event.component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") continue;
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      const item = lesson(event, event.startDate, event.endDate ?? event.startDate, source);
      if (Date.parse(item.end) > fromMs && Date.parse(item.start) < toMs) out.push(item);
      continue;
    }
    const it = event.iterator();
    for (let n = 0, next = it.next(); next && n < L.maxOccurrences * 20; n++, next = it.next()) {
      if (instant(next) >= toMs) break;
      const details = event.getOccurrenceDetails(next);
      if (String(details.item.component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") continue;
      const item = lesson(details.item, details.startDate, details.endDate, source);
      if (Date.parse(item.end) > fromMs && Date.parse(item.start) < toMs) out.push(item);
      if (out.length >= L.maxOccurrences * 4) break;
    }
  }
  return out.sort((a, b) => a.start.localeCompare(b.start));
}
