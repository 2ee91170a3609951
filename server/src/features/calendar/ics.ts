import ICAL from "ical.js";

// The calendar feed is built as an ical.js component tree and written by ical.js, which does the
// TEXT escaping (RFC 5545 §3.3.11) and the line folding (§3.1). Tasks are stored as a Paris
// wall-clock date and time, so DTSTART is a floating ical.js time carrying TZID=Europe/Paris,
// made straight from those strings: never converted through the server's own time zone.

/** Europe/Paris since 1996: CEST from the last Sunday of March 02:00, CET from the last Sunday of October 03:00. */
export const PARIS_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Paris",
  "X-LIC-LOCATION:Europe/Paris",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** Folds content lines at 75 octets, continuation space included, without splitting a UTF-8 character (ical.js). */
function withFolding<T>(write: () => T): T {
  // ical.js counts the octets after the continuation space: 74 keeps every physical line within 75.
  const before = ICAL.foldLength;
  ICAL.foldLength = 74;
  try {
    return write();
  } finally {
    ICAL.foldLength = before;
  }
}

/** One content line folded as the feed folds it. */
export const foldLine = (line: string): string => withFolding(() => ICAL.helpers.foldline(line));

/** "2026-03-29" + "14:30" → a floating 2026-03-29T14:30:00 (Paris wall clock once TZID is set). */
const localTime = (date: string, time: string) => ICAL.Time.fromDateTimeString(`${date}T${time}:00`);

/** A UTC instant as a DATE-TIME with Z. */
const utcTime = (ms: number) => ICAL.Time.fromJSDate(new Date(Math.floor(ms / 1000) * 1000), true);

export interface IcsEvent {
  uid: string;
  /** UTC ms of the last change (DTSTAMP and LAST-MODIFIED). */
  stamp: number;
  /** Paris local date and time. */
  date: string;
  time: string;
  durationMinutes: number;
  summary: string;
  description: string;
  categories: string[];
  url: string;
}

const PARIS = new ICAL.Component(ICAL.parse(["BEGIN:VCALENDAR", ...PARIS_VTIMEZONE, "END:VCALENDAR"].join("\r\n"))).getFirstSubcomponent(
  "vtimezone",
)!;

/** ical.js escapes LF as \\n but lets a CR through, which would end the content line: CRLF and CR become LF first. */
const text = (value: string) => value.replace(/\r\n?/g, "\n");

function vevent(e: IcsEvent): ICAL.Component {
  const event = new ICAL.Component("vevent");
  event.addPropertyWithValue("uid", e.uid);
  event.addPropertyWithValue("dtstamp", utcTime(e.stamp));
  event.addPropertyWithValue("last-modified", utcTime(e.stamp));
  event.addPropertyWithValue("dtstart", localTime(e.date, e.time)).setParameter("tzid", "Europe/Paris");
  event.addPropertyWithValue("duration", ICAL.Duration.fromSeconds(Math.max(0, e.durationMinutes) * 60));
  event.addPropertyWithValue("summary", text(e.summary));
  if (e.description) event.addPropertyWithValue("description", text(e.description));
  if (e.categories.length) event.addProperty(new ICAL.Property("categories")).setValues(e.categories.map(text));
  event.addPropertyWithValue("url", e.url);
  event.addPropertyWithValue("transp", "TRANSPARENT");
  return event;
}

/** A whole VCALENDAR with the Paris time zone and the given events, CRLF line endings. */
export function writeCalendar(name: string, refreshMinutes: number, events: IcsEvent[]): string {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", "-//Planify//Devoirs//FR");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("x-wr-calname", text(name));
  calendar.addPropertyWithValue("x-wr-timezone", "Europe/Paris");
  const refresh = ICAL.Duration.fromSeconds(refreshMinutes * 60);
  calendar.addPropertyWithValue("refresh-interval", refresh);
  calendar.addPropertyWithValue("x-published-ttl", refresh.toString());
  calendar.addSubcomponent(ICAL.Component.fromString(PARIS.toString()));
  for (const e of events) calendar.addSubcomponent(vevent(e));
  return `${withFolding(() => calendar.toString())}\r\n`;
}
