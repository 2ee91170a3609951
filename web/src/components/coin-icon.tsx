import { useId } from "react";

/** The Planify Coin: a gold disc with a "P". */
export function CoinIcon({ size = 20 }: { size?: number }) {
  const id = `coin${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe58a" />
          <stop offset="1" stopColor="#f0a500" />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="11" fill={`url(#${id})`} stroke="#b7791f" strokeWidth="1.2" />
      <circle cx="12" cy="12" r="8" fill="none" stroke="#fff3c4" strokeWidth="1" opacity="0.8" />
      <path d="M9.5 17V7h3.4a3 3 0 0 1 0 6H9.5" fill="none" stroke="#8a5a00" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A small wheel glyph for the top-bar spin button. */
export function WheelIcon({ size = 20 }: { size?: number }) {
  const colors = ["#4f8cff", "#22c3a6", "#ffb020", "#ff6b6b", "#a46bff", "#ff8fd0"];
  return (
    <svg width={size} height={size} viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">
      {colors.map((c, i) => {
        const a0 = (i / 6) * Math.PI * 2;
        const a1 = ((i + 1) / 6) * Math.PI * 2;
        return (
          <path
            key={c}
            d={`M0 0 L${Math.cos(a0) * 11} ${Math.sin(a0) * 11} A11 11 0 0 1 ${Math.cos(a1) * 11} ${Math.sin(a1) * 11} Z`}
            fill={c}
          />
        );
      })}
      <circle r="3" fill="#fff" stroke="#334" strokeWidth="1" />
    </svg>
  );
}
