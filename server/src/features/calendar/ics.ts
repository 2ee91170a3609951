// A small RFC 5545 writer. Tasks are stored as a Paris wall-clock date and time, so events are
// written with TZID=Europe/Paris straight from those strings: no conversion through the server's
// own time zone (a general-purpose generator formats JS dates in the process's local zone).

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

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** "2026-03-29" + "14:30" → "20260329T143000". */
export const localStamp = (date: string, time: string) => `${date.replaceAll("-", "")}T${time.replace(":", "")}00`;

/** A UTC instant as DATE-TIME with Z. */
export const utcStamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

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

/** A whole VCALENDAR with the Paris time zone and the given events, CRLF line endings. */
export function writeCalendar(name: string, refreshMinutes: number, events: IcsEvent[]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Planify//Devoirs//FR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    "X-WR-TIMEZONE:Europe/Paris",
    `REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${refreshMinutes}M`,
    ...PARIS_VTIMEZONE,
  ];
  for (const e of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(e.stamp)}`,
      `LAST-MODIFIED:${utcStamp(e.stamp)}`,
      `DTSTART;TZID=Europe/Paris:${localStamp(e.date, e.time)}`,
      `DURATION:PT${Math.max(0, e.durationMinutes)}M`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      ...(e.categories.length ? [`CATEGORIES:${e.categories.map(escapeText).join(",")}`] : []),
      `URL:${e.url}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
