import type { DecorationArt } from "./types";
import s from "./art.module.css";

/** 1: cat ears on top of the head. */
export const catEars: DecorationArt = () => ({
  front: (
    <g>
      {[-1, 1].map((side) => (
        <g key={side} transform={`translate(${50 + side * 27} 6) rotate(${side * 18})`}>
          <path d="M-16 12 L0 -22 L16 12 Z" fill="#2b2b33" stroke="#15151a" strokeWidth="2" strokeLinejoin="round" />
          <path d="M-9 9 L0 -12 L9 9 Z" fill="#ff9fc0" />
        </g>
      ))}
    </g>
  ),
});

/** 6: the king's crown. */
export const kingCrown: DecorationArt = (_v, uid) => ({
  front: (
    <g transform="translate(50 -2) rotate(-8)">
      <defs>
        <linearGradient id={`gold${uid}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe27a" />
          <stop offset="1" stopColor="#d99a00" />
        </linearGradient>
      </defs>
      <path
        d="M-30 12 L-34 -16 L-16 -2 L0 -24 L16 -2 L34 -16 L30 12 Z"
        fill={`url(#gold${uid})`}
        stroke="#9a6500"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <rect x="-31" y="8" width="62" height="8" rx="3" fill="#e8b21c" stroke="#9a6500" strokeWidth="2" />
      <circle cx="0" cy="3" r="4" fill="#e0245e" />
      <circle cx="-18" cy="5" r="3" fill="#2a7de1" />
      <circle cx="18" cy="5" r="3" fill="#22a35a" />
      {[-34, 0, 34].map((x) => (
        <circle key={x} cx={x} cy={x === 0 ? -25 : -17} r="3.5" fill="#fff3c4" stroke="#9a6500" strokeWidth="1.5" />
      ))}
    </g>
  ),
});

/** 8: angel halo over the head and wings behind the avatar. */
export const angel: DecorationArt = (_v, uid) => ({
  back: (
    <g opacity="0.95">
      <defs>
        <linearGradient id={`wing${uid}`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#dfe8f5" />
        </linearGradient>
      </defs>
      {[-1, 1].map((side) => (
        <g key={side} transform={`translate(50 48) scale(${side} 1)`}>
          <path
            d="M30 -10 C52 -40 82 -34 78 -12 C92 -8 90 8 74 10 C84 18 76 32 60 28 C62 40 46 42 34 30 Z"
            fill={`url(#wing${uid})`}
            stroke="#b9c6da"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path
            d="M44 -10 C56 -20 68 -18 72 -12 M44 6 C58 4 70 8 74 10 M40 18 C50 22 56 26 60 28"
            stroke="#c7d3e6"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
        </g>
      ))}
    </g>
  ),
  front: (
    <g className={s.float}>
      <ellipse cx="50" cy="-10" rx="28" ry="8" fill="none" stroke="#ffd84d" strokeWidth="5" />
      <ellipse cx="50" cy="-10" rx="28" ry="8" fill="none" stroke="#fff6c9" strokeWidth="1.5" />
    </g>
  ),
});

/** 13: top hat and curled moustache. */
export const gentleman: DecorationArt = () => ({
  front: (
    <g>
      <g transform="translate(52 -4) rotate(-10)">
        <rect x="-22" y="-34" width="44" height="36" rx="3" fill="#1f1f26" stroke="#0a0a0d" strokeWidth="2" />
        <rect x="-22" y="-8" width="44" height="7" fill="#b3122e" />
        <ellipse cx="0" cy="3" rx="36" ry="7" fill="#1f1f26" stroke="#0a0a0d" strokeWidth="2" />
      </g>
      <path
        d="M50 66 C44 60 34 60 28 66 C24 70 18 70 16 64 C16 74 28 78 38 72 C44 69 48 68 50 70 C52 68 56 69 62 72 C72 78 84 74 84 64 C82 70 76 70 72 66 C66 60 56 60 50 66 Z"
        fill="#3a2516"
        stroke="#1d120a"
        strokeWidth="1.5"
      />
    </g>
  ),
});

/** 9: the tomb raider: a long braid and two crossed pistols under the chin. */
export const tombRaider: DecorationArt = () => ({
  back: (
    <g>
      {Array.from({ length: 6 }, (_, i) => (
        <ellipse
          key={i}
          cx={96 + i * 3}
          cy={30 + i * 13}
          rx="8"
          ry="8"
          fill={i % 2 ? "#6b3f1f" : "#80502a"}
          stroke="#3e230f"
          strokeWidth="1.5"
        />
      ))}
      <path d="M110 100 l6 10 l-10 -2 Z" fill="#3e230f" />
    </g>
  ),
  front: (
    <g>
      {[-1, 1].map((side) => (
        <g key={side} transform={`translate(50 104) scale(${side} 1) rotate(-28)`}>
          <rect x="-4" y="-6" width="40" height="9" rx="2" fill="#3b3f46" stroke="#16181c" strokeWidth="1.5" />
          <rect x="-8" y="-4" width="10" height="20" rx="3" fill="#5a3a22" stroke="#16181c" strokeWidth="1.5" transform="rotate(12)" />
        </g>
      ))}
      <path d="M6 86 Q50 108 94 86" stroke="#5a3a22" strokeWidth="5" fill="none" />
    </g>
  ),
});
