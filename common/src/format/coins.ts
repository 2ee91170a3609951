const UNITS = [
  { min: 1e9, suffix: "B" },
  { min: 1e6, suffix: "M" },
  { min: 1e4, suffix: "K" },
] as const;

/**
 * Abbreviates a coin amount for display: from 10 000 "10K", from 1 million "1,5M", from
 * 1 billion "2,3B"; one decimal (dropped when zero), comma as the decimal separator.
 * Smaller amounts are shown whole with fr-FR grouping.
 */
export function formatCoins(value: number): string {
  if (!Number.isFinite(value)) return "0";
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(value));
  for (const { min, suffix } of UNITS) {
    if (abs >= min) {
      // Truncate rather than round so 9 999 999 never reads as "10M" before it is.
      const scaled = Math.floor((abs / (min === 1e4 ? 1e3 : min)) * 10) / 10;
      const text = Number.isInteger(scaled) ? String(scaled) : scaled.toFixed(1).replace(".", ",");
      return `${sign}${text}${suffix}`;
    }
  }
  return sign + abs.toLocaleString("fr-FR").replace(/\u202f|\u00a0/g, " ");
}
