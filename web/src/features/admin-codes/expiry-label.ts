import { parisDate, parisParts } from "@planify/common/time/paris-time";

const day = (date: string) => date.split("-").reverse().join("/");
const at = (ms: number) => {
  const p = parisParts(ms);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
};

/**
 * The expiry line of a code, in Paris time. A code set to a day alone is stored as the Paris
 * midnight that ends that day: it reads as that day, not as the next one at 00:00.
 */
export function expiryLabel(expiresAt: string | null, now: number): string {
  if (expiresAt === null) return "Sans expiration";
  const ms = Date.parse(expiresAt);
  const expired = ms <= now;
  const p = parisParts(ms);
  if (p.hour === 0 && p.minute === 0 && p.second === 0) {
    const last = day(parisDate(ms - 1));
    return expired ? `Expiré après le ${last}` : `Valable jusqu'au ${last} inclus`;
  }
  return `${expired ? "Expiré le" : "Expire le"} ${day(parisDate(ms))} ${at(ms)}`;
}
