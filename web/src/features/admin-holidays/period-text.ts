const LONG = new Intl.DateTimeFormat("fr-FR", { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** « du sam. 17 octobre 2026 au dim. 1 novembre 2026 » (one day: « le … »). */
export function periodText(firstDay: string, lastDay: string): string {
  const f = (d: string) => LONG.format(new Date(`${d}T12:00:00Z`));
  return firstDay === lastDay ? `le ${f(firstDay)}` : `du ${f(firstDay)} au ${f(lastDay)}`;
}
