/**
 * « il y a 3 min », « il y a 2 h », then the date: when a device was last seen, in French
 * (fr-FR), relative while it is recent.
 */
export function lastSeenText(iso: string, now: number): string {
  const at = Date.parse(iso);
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  if (minutes < 1) return "à l'instant";
  const relative = new Intl.RelativeTimeFormat("fr-FR", { numeric: "always", style: "short" });
  if (minutes < 60) return relative.format(-minutes, "minute");
  if (minutes < 24 * 60) return relative.format(-Math.floor(minutes / 60), "hour");
  const date = new Date(at).toLocaleDateString("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" });
  return `le ${date}`;
}
