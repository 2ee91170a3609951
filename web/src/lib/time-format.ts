const pad = (n: number) => String(n).padStart(2, "0");

/** "hh:mm:ss" for a remaining duration (never negative). */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** "5 h 07 min" (or "12 min") for the time left until the next spin; rounded up to the minute. */
export function formatHoursMinutes(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${pad(m)} min` : `${m} min`;
}

/** Milliseconds from now until an ISO instant (0 when past or invalid). */
export function msUntil(iso: string | null | undefined, now = Date.now()): number {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? Math.max(0, t - now) : 0;
}
