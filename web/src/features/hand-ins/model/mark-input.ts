import { HAND_IN_MESSAGES } from "@planify/common/constants/hand-ins";
import { parseMark } from "@planify/common/rules/hand-ins";
import { parisParts } from "@planify/common/time/paris-time";

/** A mark as typed: empty (no mark), a valid mark on the scale, or the French reason it is not. */
export type MarkCheck = { ok: true; value: number | null } | { ok: false; message: string };

/** Reads the mark field ("12,5", "15", "") against the task's scale with the shared rule. */
export function checkMark(text: string, scale: number): MarkCheck {
  if (text.trim() === "") return { ok: true, value: null };
  const value = parseMark(text, scale);
  return value === null ? { ok: false, message: HAND_IN_MESSAGES.markInvalid } : { ok: true, value };
}

/** A stored mark as the field shows it, with a French decimal comma ("12,5"). */
export function markText(mark: number | null): string {
  return mark === null ? "" : String(mark).replace(".", ",");
}

const two = (n: number) => String(n).padStart(2, "0");

/** The date and time inputs' values ("YYYY-MM-DD", "HH:MM") of an instant, in Paris. */
export function parisInputs(iso: string): { date: string; heure: string } {
  const p = parisParts(Date.parse(iso));
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, heure: `${two(p.hour)}:${two(p.minute)}` };
}
