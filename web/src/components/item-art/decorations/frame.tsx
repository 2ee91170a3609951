import type { DecorationArt } from "./types";
import s from "./art.module.css";

const ring = (n: number, r: number, cx = 50, cy = 50) =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2 - Math.PI / 2;
    return { x: cx + Math.cos(a) * r, y: cy + Math.sin(a) * r, a: (a * 180) / Math.PI + 90 };
  });

/** Five-point star path centred on (0, 0). */
export function starPath(outer: number, inner = outer * 0.45): string {
  return (
    Array.from({ length: 10 }, (_, i) => {
      const r = i % 2 ? inner : outer;
      const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
      return `${i ? "L" : "M"}${(Math.cos(a) * r).toFixed(2)} ${(Math.sin(a) * r).toFixed(2)}`;
    }).join(" ") + " Z"
  );
}

/** 4: archery target behind the avatar, an arrow stuck in it. */
export const target: DecorationArt = () => ({
  back: (
    <g>
      {[74, 66, 58].map((r, i) => (
        <circle key={r} cx="50" cy="50" r={r} fill={i % 2 ? "#fff" : "#e63946"} stroke="#9b1c26" strokeWidth="1" />
      ))}
    </g>
  ),
  front: (
    <g transform="translate(96 10) rotate(135)">
      <rect x="-2" y="0" width="4" height="40" fill="#7a4a21" />
      <path d="M0 -8 L6 2 L-6 2 Z" fill="#6c757d" />
      <path d="M-2 34 L-9 44 L-2 40 Z M2 34 L9 44 L2 40 Z" fill="#f1c40f" />
    </g>
  ),
});

/** 10: twinkling stars around the avatar. */
export const stars: DecorationArt = () => ({
  front: (
    <g>
      {ring(7, 60).map((p, i) => (
        // The animated shape sits inside the positioned group: a CSS transform would replace the attribute.
        <g key={i} transform={`translate(${p.x} ${p.y})`}>
          <path
            d={starPath(i % 2 ? 7 : 10)}
            fill={i % 3 ? "#ffd60a" : "#fff1a8"}
            stroke="#d4a200"
            strokeWidth="1"
            className={`${s.twinkle} ${[s.delay1, s.delay2, s.delay3][i % 3]}`}
          />
        </g>
      ))}
    </g>
  ),
});

/** 11: an ornate gold frame with jewels. */
export const royalFrame: DecorationArt = (_v, uid) => ({
  front: (
    <g>
      <defs>
        <linearGradient id={`rf${uid}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff0a8" />
          <stop offset="0.5" stopColor="#d4a017" />
          <stop offset="1" stopColor="#8a6100" />
        </linearGradient>
      </defs>
      <circle cx="50" cy="50" r="55" fill="none" stroke={`url(#rf${uid})`} strokeWidth="9" />
      <circle cx="50" cy="50" r="60" fill="none" stroke="#8a6100" strokeWidth="1.5" strokeDasharray="3 4" />
      {ring(8, 55).map((p, i) => (
        <g key={i} transform={`translate(${p.x} ${p.y}) rotate(${p.a})`}>
          <path d="M0 -9 L6 0 L0 9 L-6 0 Z" fill={`url(#rf${uid})`} stroke="#8a6100" strokeWidth="1" />
          <circle r="3" fill={["#c1121f", "#1d4ed8", "#15803d", "#7e22ce"][i % 4]} />
        </g>
      ))}
    </g>
  ),
});

/** 12: a half wreath of red roses along the bottom. */
export const roses: DecorationArt = () => ({
  front: (
    <g>
      {ring(14, 56)
        .filter((p) => p.y > 52)
        .map((p, i) => (
          <g key={i} transform={`translate(${p.x} ${p.y}) rotate(${p.a + (i % 2 ? 20 : -20)})`}>
            <path d="M0 0 C10 -4 16 6 10 12 L0 6 Z" fill="#2d8a3e" />
            <circle r="9" fill="#c9184a" stroke="#7a0a2a" strokeWidth="1" />
            <path d="M-5 -1 C-3 -6 4 -6 5 -1 C4 3 -2 4 -3 1 C-2 -2 1 -2 2 0" fill="none" stroke="#7a0a2a" strokeWidth="1.4" />
          </g>
        ))}
    </g>
  ),
});

/** 14: a spinning vinyl record behind the avatar (the avatar is its label). */
export const vinyl: DecorationArt = () => ({
  back: (
    <g className={s.spin}>
      <circle cx="50" cy="50" r="76" fill="#111" />
      {[72, 67, 62, 58].map((r) => (
        <circle key={r} cx="50" cy="50" r={r} fill="none" stroke="#2c2c2c" strokeWidth="1.2" />
      ))}
      <path d="M50 -24 A74 74 0 0 1 116 20" stroke="#5a5a5a" strokeWidth="3" fill="none" strokeLinecap="round" opacity="0.7" />
    </g>
  ),
});

/** 16: deep space behind the avatar with a ringed planet. */
export const space: DecorationArt = (_v, uid) => ({
  back: (
    <g>
      <defs>
        <radialGradient id={`sp${uid}`}>
          <stop offset="0.55" stopColor="#1b1464" />
          <stop offset="1" stopColor="#05031a" />
        </radialGradient>
      </defs>
      <circle cx="50" cy="50" r="74" fill={`url(#sp${uid})`} />
      {ring(12, 66).map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={i % 3 ? 1.2 : 2} fill="#fff" className={i % 2 ? s.twinkle : undefined} />
      ))}
    </g>
  ),
  front: (
    <g transform="translate(106 0)">
      <circle r="13" fill="#f4a261" />
      <path d="M-12 -4 C-4 -8 6 -8 12 -2" stroke="#e76f51" strokeWidth="3" fill="none" />
      <ellipse rx="24" ry="6" fill="none" stroke="#e9c46a" strokeWidth="3" transform="rotate(-20)" />
    </g>
  ),
});

/** 25: Galaxie: a rotating nebula ring (wheel reward). */
export const galaxie: DecorationArt = (_v, uid) => ({
  back: (
    <g className={s.spinSlow}>
      <defs>
        <linearGradient id={`gx${uid}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7b2ff7" />
          <stop offset="0.5" stopColor="#f107a3" />
          <stop offset="1" stopColor="#00d2ff" />
        </linearGradient>
      </defs>
      <circle cx="50" cy="50" r="66" fill="none" stroke={`url(#gx${uid})`} strokeWidth="16" opacity="0.9" />
      {ring(16, 66).map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={i % 4 ? 1.3 : 2.4} fill="#fff" />
      ))}
    </g>
  ),
});

/** 26: Coeur: floating hearts (contribution reward). */
export const coeur: DecorationArt = () => ({
  front: (
    <g>
      {ring(6, 62).map((p, i) => (
        <g key={i} transform={`translate(${p.x} ${p.y}) scale(${i % 2 ? 0.8 : 1.1})`}>
          <path
            d="M0 8 C-14 -2 -8 -14 0 -6 C8 -14 14 -2 0 8 Z"
            fill={i % 2 ? "#ff8fab" : "#ff375f"}
            stroke="#b5003a"
            strokeWidth="1"
            className={`${s.pulse} ${[s.delay1, s.delay2, s.delay3][i % 3]}`}
          />
        </g>
      ))}
    </g>
  ),
});

/** 27: Prestige: a golden laurel wreath with a star (first ten accounts). */
export const prestige: DecorationArt = () => ({
  front: (
    <g>
      {[-1, 1].map((side) => (
        <g key={side} transform={`translate(50 50) scale(${side} 1)`}>
          {Array.from({ length: 8 }, (_, i) => {
            const a = (110 - i * 20) * (Math.PI / 180);
            return (
              <ellipse
                key={i}
                cx={Math.cos(a) * 60}
                cy={Math.sin(a) * 60}
                rx="9"
                ry="4"
                fill="#e0b020"
                stroke="#8a6100"
                strokeWidth="1"
                transform={`rotate(${110 - i * 20 + 70} ${Math.cos(a) * 60} ${Math.sin(a) * 60})`}
              />
            );
          })}
        </g>
      ))}
      <g transform="translate(50 -10)">
        <path d={starPath(12)} fill="#ffd60a" stroke="#8a6100" strokeWidth="1.5" className={s.twinkle} />
      </g>
    </g>
  ),
});

/** 28: Planify: the brand ring with a "P" badge (admins). */
export const planify: DecorationArt = (_v, uid) => ({
  back: (
    <g className={s.spinSlow}>
      <defs>
        <linearGradient id={`pl${uid}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="0.55" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <circle cx="50" cy="50" r="60" fill="none" stroke={`url(#pl${uid})`} strokeWidth="10" strokeDasharray="28 8" />
    </g>
  ),
  front: (
    <g transform="translate(92 92)">
      <circle r="16" fill={`url(#pl${uid})`} stroke="#fff" strokeWidth="3" />
      <text y="7" textAnchor="middle" fontSize="20" fontWeight="900" fill="#fff" fontFamily="system-ui, sans-serif">
        P
      </text>
    </g>
  ),
});
