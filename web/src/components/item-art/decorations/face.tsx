import type { DecorationArt } from "./types";
import s from "./art.module.css";

/** 2: clown: red nose, rosy cheeks and rainbow hair tufts. */
export const clown: DecorationArt = (_v, uid) => ({
  back: (
    <g>
      {[-1, 1].map((side) => (
        <g key={side}>
          {["#ff4d6d", "#ffb703", "#3a86ff"].map((c, i) => (
            <circle key={c} cx={50 + side * (44 + i * 6)} cy={28 + i * 10} r={14 - i * 2} fill={c} />
          ))}
        </g>
      ))}
    </g>
  ),
  front: (
    <g>
      <defs>
        <radialGradient id={`nose${uid}`} cx="0.35" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#ff8a8a" />
          <stop offset="1" stopColor="#d90429" />
        </radialGradient>
      </defs>
      <circle cx="22" cy="66" r="7" fill="#ff6b8b" opacity="0.55" />
      <circle cx="78" cy="66" r="7" fill="#ff6b8b" opacity="0.55" />
      <circle cx="50" cy="58" r="11" fill={`url(#nose${uid})`} stroke="#8d0016" strokeWidth="1.5" />
      <circle cx="46" cy="54" r="3" fill="#fff" opacity="0.8" />
    </g>
  ),
});

/** 21: black pixel glasses sliding down, "deal with it" style. */
export const pixelGlasses: DecorationArt = () => {
  const px = 5;
  // Each lens is drawn on a small grid: 1 = black pixel, 2 = white shine.
  const lens = ["11111111", "12211111", "21111111", "01111110"];
  return {
    front: (
      <g className={s.float} shapeRendering="crispEdges">
        <rect x="8" y="38" width="84" height={px} fill="#000" />
        {[10, 54].map((x0) =>
          lens.map((row, r) =>
            [...row].map((cell, c) =>
              cell === "0" ? null : (
                <rect
                  key={`${x0}-${r}-${c}`}
                  x={x0 + c * px}
                  y={38 + r * px}
                  width={px}
                  height={px}
                  fill={cell === "2" ? "#fff" : "#000"}
                />
              ),
            ),
          ),
        )}
      </g>
    ),
  };
};
