/** Display helpers of the homework screen (fr-FR). */
export const TITLE_MAX = 23;

/** Cuts a title at 23 characters and adds an ellipsis. */
export function truncateTitle(title: string, max = TITLE_MAX): string {
  return title.length > max ? `${title.slice(0, max).trimEnd()}…` : title;
}

const UNITS = ["octets", "Ko", "Mo", "Go", "To"];

/** File size in octets, Ko, Mo, Go or To. */
export function formatSize(bytes: number | undefined | null): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return "";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : value.toLocaleString("fr-FR", { maximumFractionDigits: value < 10 ? 1 : 0 });
  return `${text} ${UNITS[unit]}`;
}

/** "lundi 24 novembre 2026" for a YYYY-MM-DD date. */
export function formatDate(date: string, style: "long" | "short" = "long"): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return d.toLocaleDateString(
    "fr-FR",
    style === "long"
      ? { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }
      : { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" },
  );
}

/** "14:30" → "14h30". */
export function formatTime(heure: string): string {
  const m = /^(\d{1,2})[:h](\d{2})/.exec(heure);
  return m ? `${m[1]!.padStart(2, "0")}h${m[2]}` : heure;
}

/** Date and time of an ISO instant in Paris, fr-FR. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" });
}

/** Time left before a deadline in days, hours and minutes; 'Terminé' once past. */
export function remainingText(deadline: Date | null, now = Date.now()): string {
  if (!deadline) return "";
  const ms = deadline.getTime() - now;
  if (ms <= 0) return "Terminé";
  const totalMin = Math.floor(ms / 60_000);
  const days = Math.floor(totalMin / 1440);
  const hours = Math.floor((totalMin % 1440) / 60);
  const minutes = totalMin % 60;
  if (days > 0) return `${days} j ${hours} h ${minutes} min`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${Math.max(minutes, 1)} min`;
}

export { formatDelay } from "@planify/common/format/delay";
