import type { DecorationArt } from "./types";
import s from "./art.module.css";

const FONT = "system-ui, -apple-system, Segoe UI, sans-serif";

/** 3: banknotes fanned out behind the avatar. */
export const cash: DecorationArt = () => ({
  back: (
    <g>
      {[-52, -30, 30, 52].map((a, i) => (
        <g key={a} transform={`rotate(${a} 50 50)`}>
          <rect x="34" y="-22" width="32" height="56" rx="3" fill={i % 2 ? "#2f9e44" : "#40c057"} stroke="#1b5e20" strokeWidth="1.5" />
          <circle cx="50" cy="-2" r="7" fill="none" stroke="#d3f9d8" strokeWidth="1.5" />
          <text x="50" y="2" textAnchor="middle" fontSize="10" fontWeight="800" fill="#d3f9d8" fontFamily={FONT}>
            €
          </text>
        </g>
      ))}
    </g>
  ),
  front: (
    <g transform="translate(96 100)">
      <g className={s.float}>
        {[8, 2, -4].map((y) => (
          <g key={y}>
            <ellipse cx="0" cy={y + 2} rx="12" ry="4.5" fill="#b7791f" />
            <ellipse cx="0" cy={y} rx="12" ry="4.5" fill="#ffd34d" stroke="#b7791f" strokeWidth="1" />
          </g>
        ))}
      </g>
    </g>
  ),
});

/** 7: green code raining over the avatar. */
export const matrix: DecorationArt = (_v, uid) => {
  const glyphs = "01Z7X0&1$9K01#4V";
  return {
    back: <circle cx="50" cy="50" r="62" fill="#001a06" />,
    front: (
      <g>
        <defs>
          <clipPath id={`mx${uid}`}>
            <circle cx="50" cy="50" r="62" />
          </clipPath>
        </defs>
        <g clipPath={`url(#mx${uid})`}>
          <circle cx="50" cy="50" r="62" fill="#00ff41" opacity="0.08" />
          {Array.from({ length: 9 }, (_, col) => (
            <g
              key={col}
              className={`${s.rain} ${[s.delay1, s.delay2, s.delay3][col % 3]}`}
              style={{ animationDuration: `${2 + (col % 4) * 0.6}s` }}
            >
              {Array.from({ length: 10 }, (_, row) => (
                <text
                  key={row}
                  x={-6 + col * 14}
                  y={-20 + row * 14}
                  fontSize="11"
                  fontFamily="monospace"
                  fontWeight="700"
                  fill={row === 9 ? "#c8ffd4" : "#00ff41"}
                  opacity={0.25 + row * 0.07}
                >
                  {glyphs[(col * 3 + row) % glyphs.length]}
                </text>
              ))}
            </g>
          ))}
        </g>
        <circle cx="50" cy="50" r="62" fill="none" stroke="#00ff41" strokeWidth="2" opacity="0.8" />
      </g>
    ),
  };
};

/** 15: a "Parental Advisory"-style label in the corner. */
export const advisory: DecorationArt = () => ({
  front: (
    <g transform="translate(56 78)">
      <rect width="56" height="34" fill="#000" stroke="#fff" strokeWidth="2" />
      <text x="28" y="10" textAnchor="middle" fontSize="7" fontWeight="800" fill="#fff" fontFamily={FONT}>
        PARENTAL
      </text>
      <rect x="3" y="12" width="50" height="12" fill="#fff" />
      <text x="28" y="22" textAnchor="middle" fontSize="10" fontWeight="900" fill="#000" fontFamily={FONT}>
        ADVISORY
      </text>
      <text x="28" y="31" textAnchor="middle" fontSize="5.5" fontWeight="800" fill="#fff" fontFamily={FONT}>
        EXPLICIT CONTENT
      </text>
    </g>
  ),
});

/** 17: "Absolute Cinema": film strips top and bottom with the title card. */
export const absoluteCinema: DecorationArt = () => {
  const strip = (y: number) => (
    <g>
      <rect x="-22" y={y} width="144" height="18" fill="#111" />
      {Array.from({ length: 12 }, (_, i) => (
        <rect key={i} x={-18 + i * 12} y={y + 3} width="6" height="4" rx="1" fill="#eee" />
      ))}
      {Array.from({ length: 12 }, (_, i) => (
        <rect key={i} x={-18 + i * 12} y={y + 11} width="6" height="4" rx="1" fill="#eee" />
      ))}
    </g>
  );
  return {
    front: (
      <g>
        {strip(-18)}
        {strip(100)}
        <rect x="-4" y="80" width="108" height="18" rx="3" fill="#000" opacity="0.85" />
        <text
          x="50"
          y="93"
          textAnchor="middle"
          fontSize="10"
          fontWeight="900"
          fill="#f5f5f5"
          fontFamily="Georgia, serif"
          textLength="96"
          lengthAdjust="spacingAndGlyphs"
        >
          ABSOLUTE CINEMA
        </text>
      </g>
    ),
  };
};

/** 18: a lightning bolt striking the avatar. */
export const flash: DecorationArt = () => ({
  back: <circle cx="50" cy="50" r="62" fill="none" stroke="#ffe066" strokeWidth="6" opacity="0.6" className={s.flicker} />,
  front: (
    <path
      d="M104 -18 L76 34 L94 34 L70 84 L118 22 L98 22 L116 -18 Z"
      fill="#ffd43b"
      stroke="#e67700"
      strokeWidth="2.5"
      strokeLinejoin="round"
      className={s.flicker}
    />
  ),
});

/** 19: a "Miaou !" speech bubble with a paw. */
export const miaou: DecorationArt = () => ({
  front: (
    <g className={s.float}>
      <path
        d="M56 -26 h60 a10 10 0 0 1 10 10 v18 a10 10 0 0 1 -10 10 h-40 l-12 12 l2 -12 h-10 a10 10 0 0 1 -10 -10 v-18 a10 10 0 0 1 10 -10 Z"
        fill="#fff"
        stroke="#222"
        strokeWidth="2"
      />
      <text x="86" y="-7" textAnchor="middle" fontSize="14" fontWeight="800" fill="#222" fontFamily={FONT}>
        Miaou !
      </text>
      <g transform="translate(-8 92)" fill="#ff9fc0" stroke="#c2185b" strokeWidth="1">
        <ellipse cx="0" cy="6" rx="9" ry="7" />
        {[-8, -3, 3, 8].map((x, i) => (
          <circle key={x} cx={x} cy={i === 0 || i === 3 ? -2 : -6} r="3.2" />
        ))}
      </g>
    </g>
  ),
});

/** 20: the bouncing "DVD" screensaver logo. */
export const dvd: DecorationArt = () => ({
  front: (
    <g className={s.dvd}>
      <g transform="translate(50 50)">
        <ellipse rx="24" ry="12" fill="#7048e8" />
        <text y="5" textAnchor="middle" fontSize="16" fontWeight="900" fontStyle="italic" fill="#fff" fontFamily={FONT}>
          DVD
        </text>
      </g>
    </g>
  ),
});

/** 22: a 2000s candy-bar phone held next to the avatar. */
export const oldPhone: DecorationArt = () => ({
  front: (
    <g transform="translate(92 40) rotate(12)">
      <rect x="0" y="0" width="28" height="62" rx="9" fill="#2f4f6f" stroke="#132433" strokeWidth="2" />
      <rect x="5" y="7" width="18" height="16" rx="2" fill="#b5e48c" stroke="#132433" strokeWidth="1" />
      <text x="14" y="19" textAnchor="middle" fontSize="7" fontFamily="monospace" fill="#1b4332">
        12:00
      </text>
      {Array.from({ length: 9 }, (_, i) => (
        <rect key={i} x={5 + (i % 3) * 6.5} y={30 + Math.floor(i / 3) * 7.5} width="5" height="5" rx="1.5" fill="#d9e2ec" />
      ))}
    </g>
  ),
});

const DISCORD = [
  { ring: ["#5865f2", "#5865f2"], badge: "#5865f2" }, // Classique
  { ring: ["#ff73fa", "#5865f2"], badge: "#ff73fa" }, // Nitro
  { ring: ["#23272a", "#4e5058"], badge: "#1e1f22" }, // Nuit
];

/** 23: chat-app look in three variants: Classique (blurple), Nitro (pink gradient), Nuit (dark, moon). */
export const discord: DecorationArt = (variant, uid) => {
  const v = DISCORD[variant] ?? DISCORD[0]!;
  return {
    front: (
      <g>
        <defs>
          <linearGradient id={`dc${uid}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={v.ring[0]} />
            <stop offset="1" stopColor={v.ring[1]} />
          </linearGradient>
        </defs>
        <circle
          cx="50"
          cy="50"
          r="55"
          fill="none"
          stroke={`url(#dc${uid})`}
          strokeWidth="5"
          className={variant === 1 ? s.pulse : undefined}
        />
        <g transform="translate(90 90)">
          <circle r="15" fill={v.badge} stroke="#fff" strokeWidth="3" />
          <path d="M-9 -5 C-4 -8 4 -8 9 -5 C11 0 11 4 9 7 C6 8 4 7 3 5 C0 6 -1 6 -3 5 C-4 7 -6 8 -9 7 C-11 4 -11 0 -9 -5 Z" fill="#fff" />
          <circle cx="-3.5" cy="0.5" r="2" fill={v.badge} />
          <circle cx="3.5" cy="0.5" r="2" fill={v.badge} />
        </g>
        {variant === 2 && <path d="M10 -14 a12 12 0 1 0 12 16 a9 9 0 1 1 -12 -16 Z" fill="#f2f3f5" stroke="#4e5058" strokeWidth="1.5" />}
        {variant === 1 && <path d="M104 4 l4 -10 l4 10 l10 4 l-10 4 l-4 10 l-4 -10 l-10 -4 Z" fill="#ff73fa" className={s.twinkle} />}
      </g>
    ),
  };
};

/** Katakana drawn as strokes in a 20x20 box so that no CJK font is needed: ゴ and ド. */
const GO = "M3 4 H16 V17 H3 M15 -1 l2 3 M19 -2 l2 3";
const DO = "M7 0 V20 M7 8 l8 5 M14 -1 l2 3 M18 -2 l2 3";

/** 24: menacing katakana floating around: purple ゴ (0) or golden ド (1). */
export const jojo: DecorationArt = (variant) => {
  const color = variant === 1 ? "#f5c400" : "#9d4edd";
  const glyph = variant === 1 ? DO : GO;
  const spots = [
    [-20, -14, 1.1],
    [104, -20, 1.25],
    [-18, 44, 0.9],
    [112, 46, 1],
    [96, 98, 0.8],
  ] as const;
  return {
    front: (
      <g>
        {spots.map(([x, y, k], i) => (
          <g key={i} transform={`translate(${x} ${y}) scale(${k}) rotate(${i % 2 ? 12 : -12})`}>
            <g className={`${s.pulse} ${[s.delay1, s.delay2, s.delay3][i % 3]}`}>
              <path d={glyph} fill="none" stroke="#1a0033" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
              <path d={glyph} fill="none" stroke={color} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
            </g>
          </g>
        ))}
      </g>
    ),
  };
};
