import type { CSSProperties } from "react";
import { BUILTIN_SUBJECT_COLORS } from "@planify/common/constants/subjects";
import type { Subject } from "./subject-types";

function hexToRgba(hex: string, opacity: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  const n = parseInt(m[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${Math.min(1, Math.max(0, opacity))})`;
}

/** A stable hue (0–359) for a subject name. */
export function hashHue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return h % 360;
}

/** CSS background of a configured subject: plain colour or gradient, with opacities. */
export function subjectBackground(s: Pick<Subject, "color" | "color2" | "useGradient" | "gradientAngle" | "colorOpacity" | "color2Opacity">): string {
  const c1 = hexToRgba(s.color, s.colorOpacity);
  if (!s.useGradient) return c1;
  return `linear-gradient(${s.gradientAngle}deg, ${c1}, ${hexToRgba(s.color2, s.color2Opacity)})`;
}

/**
 * Colour of a subject label: the server's colours when the subject has them, then
 * the fixed gradient of a built-in subject, then a hashed hue; with no subject at all, exams are
 * red-ish and homework blue-ish.
 */
export function subjectStyle(name: string, subjects: Subject[], type: "devoir" | "exam" = "devoir"): CSSProperties {
  const configured = subjects.find((s) => s.id && s.name === name);
  if (configured) return { background: subjectBackground(configured), color: "#fff" };
  const fixed = (BUILTIN_SUBJECT_COLORS as Record<string, readonly [string, string]>)[name];
  if (fixed) return { background: `linear-gradient(135deg, ${fixed[0]}, ${fixed[1]})`, color: "#fff" };
  if (!name) return { background: type === "exam" ? "linear-gradient(135deg, #dc2626, #f87171)" : "linear-gradient(135deg, #2563eb, #60a5fa)", color: "#fff" };
  const hue = hashHue(name);
  return { background: `linear-gradient(135deg, hsl(${hue} 70% 42%), hsl(${(hue + 25) % 360} 75% 58%))`, color: "#fff" };
}

/** The accent colour of a task type: red-ish for exams, blue-ish for homework. */
export function typeAccent(type: "devoir" | "exam"): string {
  return type === "exam" ? "#dc2626" : "#2563eb";
}
