/** Europe/Paris wall-clock helpers for the browser (deadlines and the timetable). */
const TZ = "Europe/Paris";

const partsFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit",
  hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
});

export interface ParisParts { year: number; month: number; day: number; hour: number; minute: number; weekday: number }

/** Paris wall-clock parts of an instant (weekday 0 = Monday). */
export function parisParts(at: Date | number): ParisParts {
  const map: Record<string, number> = {};
  for (const p of partsFormatter.formatToParts(new Date(at))) if (p.type !== "literal") map[p.type] = Number(p.value);
  const year = map.year ?? 1970, month = map.month ?? 1, day = map.day ?? 1;
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return { year, month, day, hour: map.hour ?? 0, minute: map.minute ?? 0, weekday };
}

function offsetMs(at: number): number {
  const p = parisParts(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return asUtc - Math.floor(at / 60_000) * 60_000;
}

/** The instant of a Paris local date (YYYY-MM-DD) and time (HH:MM); null when unreadable. */
export function parisLocalToDate(date: string, heure: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!d) return null;
  const t = /^(\d{1,2})[:h](\d{2})?/.exec(heure || "23:59") ?? ["", "23", "59"];
  const guess = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2] ?? 0));
  let at = guess - offsetMs(guess);
  at = guess - offsetMs(at);
  return new Date(at);
}

/** YYYY-MM-DD of a Paris calendar day. */
export function isoDay(p: { year: number; month: number; day: number }): string {
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** Today's date in Paris as YYYY-MM-DD. */
export function parisToday(now = Date.now()): string {
  return isoDay(parisParts(now));
}
