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
