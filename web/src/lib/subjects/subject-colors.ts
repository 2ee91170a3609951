import type { CSSProperties } from "react";
import { BUILTIN_SUBJECT_COLORS } from "@planify/common/constants/subjects";
import type { Subject } from "./subject-types";
import { parseColour, readableOn, stopCss, type Stop } from "./text-contrast";

/** A stable hue (0–359) for a subject name. */
export function hashHue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return h % 360;
}

const OPAQUE_BLACK: Stop = { rgb: [0, 0, 0], alpha: 1 };
const stopOf = (css: string, opacity = 1): Stop => {
  const s = parseColour(css) ?? OPAQUE_BLACK;
  return { rgb: s.rgb, alpha: s.alpha * Math.min(1, Math.max(0, opacity)) };
};

/**
 * Background and text colour of subject stops, readable by construction: the text colour is
 * picked against every stop (text-contrast.ts), a plain colour when there is one stop.
 */
function readableStyle(stops: Stop[], angle = 135): CSSProperties {
  const { color, stops: painted } = readableOn(stops);
  const css = painted.map(stopCss);
  return { background: css.length === 1 ? css[0] : `linear-gradient(${angle}deg, ${css.join(", ")})`, color };
}

/** Style of a configured subject: its colour or gradient with opacities, and the text colour readable on it. */
export function configuredSubjectStyle(
  s: Pick<Subject, "color" | "color2" | "useGradient" | "gradientAngle" | "colorOpacity" | "color2Opacity">,
): CSSProperties {
  const first = stopOf(s.color, s.colorOpacity);
  return readableStyle(s.useGradient ? [first, stopOf(s.color2, s.color2Opacity)] : [first], s.gradientAngle);
}

/**
 * Colour of a subject label: the server's colours when the subject has them, then
 * the fixed gradient of a built-in subject, then a hashed hue; with no subject at all, exams are
 * red-ish and homework blue-ish. The text colour always reaches 4.5:1 on every stop.
 */
export function subjectStyle(name: string, subjects: Subject[], type: "devoir" | "exam" = "devoir"): CSSProperties {
  const configured = subjects.find((s) => s.id && name && s.name === name);
  if (configured) return configuredSubjectStyle(configured);
  const fixed = (BUILTIN_SUBJECT_COLORS as Record<string, readonly [string, string]>)[name];
  if (fixed) return readableStyle([stopOf(fixed[0]), stopOf(fixed[1])]);
  if (!name) return readableStyle(type === "exam" ? [stopOf("#dc2626"), stopOf("#f87171")] : [stopOf("#2563eb"), stopOf("#60a5fa")]);
  const hue = hashHue(name);
  return readableStyle([stopOf(`hsl(${hue} 70% 42%)`), stopOf(`hsl(${(hue + 25) % 360} 75% 58%)`)]);
}

/** The accent colour of a task type: red-ish for exams, blue-ish for homework. */
export function typeAccent(type: "devoir" | "exam"): string {
  return type === "exam" ? "#dc2626" : "#2563eb";
}
