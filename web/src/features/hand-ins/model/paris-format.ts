// Instants as the hand-in screens write them, always in Paris time.
const PARIS = "Europe/Paris";

/** « mardi 2 décembre 2026 à 18:00 ». */
export function parisLong(iso: string): string {
  const d = new Date(iso);
  const day = d.toLocaleDateString("fr-FR", { timeZone: PARIS, weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const time = d.toLocaleTimeString("fr-FR", { timeZone: PARIS, hour: "2-digit", minute: "2-digit" });
  return `${day} à ${time}`;
}

/** « 02/12/2026 18:00 »; "" for no instant. */
export function parisShort(iso: string | null | undefined): string {
  if (!iso) return "";
  return new Date(iso).toLocaleString("fr-FR", { timeZone: PARIS, dateStyle: "short", timeStyle: "short" });
}

/** A delay as « 2 h », « 2 h 5 min », « 3 j 1 h » or « 12 min » (at least a minute). */
export function delayText(ms: number): string {
  const totalMin = Math.max(1, Math.round(ms / 60_000));
  const days = Math.floor(totalMin / 1440);
  const hours = Math.floor((totalMin % 1440) / 60);
  const minutes = totalMin % 60;
  if (days > 0) return hours > 0 ? `${days} j ${hours} h` : `${days} j`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}
