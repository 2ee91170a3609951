import { useId } from "react";
import { medalFor } from "../../lib/social/social-rules";

const METALS = {
  gold: { light: "#fde68a", dark: "#d97706", edge: "#92400e", ribbon: "#dc2626" },
  silver: { light: "#f1f5f9", dark: "#94a3b8", edge: "#475569", ribbon: "#2563eb" },
  bronze: { light: "#fed7aa", dark: "#c2410c", edge: "#7c2d12", ribbon: "#16a34a" },
} as const;

/**
 * A drawn medal for the top 3 (an SVG, not an emoji: it looks the same on every system,
 * including those without a colour emoji font), named for screen readers.
 */
export function Medal({ rank, size = 30 }: { rank: number; size?: number }) {
  const id = `medal${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const medal = medalFor(rank);
  if (!medal) return null;
  const m = METALS[medal.metal];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={`${medal.label}, rang ${rank}`} data-medal={medal.metal}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={m.light} />
          <stop offset="1" stopColor={m.dark} />
        </linearGradient>
      </defs>
      <path d="M8 1h6l4 9h-6Z" fill={m.ribbon} />
      <path d="M24 1h-6l-4 9h6Z" fill={m.ribbon} opacity="0.8" />
      <circle cx="16" cy="20" r="10.5" fill={`url(#${id})`} stroke={m.edge} strokeWidth="1.5" />
      <circle cx="16" cy="20" r="7.5" fill="none" stroke="#fff" strokeOpacity="0.55" strokeWidth="1" />
      <text x="16" y="24.2" textAnchor="middle" fontSize="11" fontWeight="800" fill={m.edge} fontFamily="system-ui, sans-serif">
        {rank}
      </text>
    </svg>
  );
}
