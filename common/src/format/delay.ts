/** A delay in French words: « 2 h », « 2 h 5 min », « 3 j 1 h » or « 12 min » (at least a minute). */
export function formatDelay(ms: number): string {
  const totalMin = Math.max(1, Math.round(ms / 60_000));
  const days = Math.floor(totalMin / 1440);
  const hours = Math.floor((totalMin % 1440) / 60);
  const minutes = totalMin % 60;
  if (days > 0) return hours > 0 ? `${days} j ${hours} h` : `${days} j`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}
