/** Europe/Paris calendar helpers shared by the server and the web app: every day boundary of the product is a Paris one. */
export const PARIS = "Europe/Paris";

const partsFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: PARIS,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  weekday: "short",
});

interface ParisParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: string;
}

const HOUR_MS = 3_600_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** Paris's offset from UTC (ms) per UTC hour, as Intl gives it; bounded. */
const hourOffsets = new Map<number, number>();

/**
 * Paris's offset during one UTC hour. Paris changes offset only on a UTC hour (01:00 UTC,
 * EU rule), so one Intl call per hour serves every instant in it: Intl costs tens of µs a
 * call, and lists and windows ask for hundreds of dates.
 */
function hourOffset(hour: number): number {
  let offset = hourOffsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const p = Object.fromEntries(partsFormat.formatToParts(new Date(start)).map((x) => [x.type, x.value]));
    offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - start;
    if (hourOffsets.size >= 10_000) hourOffsets.clear();
    hourOffsets.set(hour, offset);
  }
  return offset;
}

/** The Paris wall-clock fields of an instant. */
export function parisParts(ms: number): ParisParts {
  const wall = new Date(ms + hourOffset(Math.floor(ms / HOUR_MS)));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: WEEKDAYS[wall.getUTCDay()]!,
  };
}

/** Paris calendar date "YYYY-MM-DD" of an instant. */
export function parisDate(ms: number): string {
  const { year, month, day } = parisParts(ms);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Offset of Paris from UTC (ms) at an instant: +1 h in winter, +2 h in summer. */
function offsetAt(ms: number): number {
  const p = parisParts(ms);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The UTC instant of a Paris wall-clock time ("YYYY-MM-DD", "HH:MM"). In the spring-forward
 * gap the time is read with the winter offset (02:30 becomes 03:30 summer time); in the
 * autumn overlap the earlier (summer) instant is used.
 */
export function parisToUtc(date: string, time = "00:00"): number {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  // Try the summer offset first so an ambiguous autumn time resolves to the earlier instant.
  for (const guess of [2, 1]) {
    const candidate = naive - guess * 3_600_000;
    if (offsetAt(candidate) === guess * 3_600_000) return candidate;
  }
  // Spring-forward gap: no instant shows this wall time; read it with the winter offset.
  return naive - 3_600_000;
}

/** Adds `days` calendar days to "YYYY-MM-DD". */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The next Paris midnight strictly after `ms` (23 h or 25 h away on DST change days). */
export function nextParisMidnight(ms: number): number {
  return parisToUtc(addDays(parisDate(ms), 1), "00:00");
}

/** Saturday or Sunday in Paris. */
export function isParisWeekend(ms: number): boolean {
  const w = parisParts(ms).weekday;
  return w === "Sat" || w === "Sun";
}

/** "HH:MM:SS" for a duration in ms (hours may exceed 24). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Paris calendar day "YYYY-MM-DD" and minutes since Paris midnight of an instant. */
export function parisDayAndMinutes(ms: number): { day: string; minutes: number } {
  const p = parisParts(ms);
  return { day: parisDate(ms), minutes: p.hour * 60 + p.minute };
}
