import { MARK_DECIMALS, MARK_SCALE_MAX, MARK_SCALE_MIN, type FeedbackState, type HandInStatus } from "../constants/hand-ins";

/** A student's own terms for a task (a teacher's extension, exemption or reopening). */
export interface HandInOverride {
  deadlineAt: number | null;
  exempt: boolean;
  reopenedAt: number | null;
}

/**
 * The deadline that counts for one student: their extension when it is later than the task's.
 * An extension never shortens: when a teacher later moves the task past it, the task's counts.
 */
export function effectiveDeadline(taskDeadlineAt: number, override: Pick<HandInOverride, "deadlineAt"> | null | undefined): number {
  const own = override?.deadlineAt;
  return own != null && own > taskDeadlineAt ? own : taskDeadlineAt;
}

/** Whether this student's deadline is an extension (later than the task's own). */
export function isExtended(taskDeadlineAt: number, override: Pick<HandInOverride, "deadlineAt"> | null | undefined): boolean {
  return effectiveDeadline(taskDeadlineAt, override) !== taskDeadlineAt;
}

/** Late by this many ms (0 when on time) for a deposit made at `at`. */
export function lateBy(at: number, deadlineAt: number): number {
  return Math.max(0, at - deadlineAt);
}

/**
 * The hand-in table's status: exempt first, then the current version's time against the
 * student's own deadline, and « Non rendu » when the current version holds no file.
 */
export function handInStatus(facts: { exempt: boolean; lastAt: number | null; fileCount: number; deadlineAt: number }): HandInStatus {
  if (facts.exempt) return "dispense";
  if (facts.lastAt === null || facts.fileCount === 0) return "non-rendu";
  return facts.lastAt > facts.deadlineAt ? "en-retard" : "rendu";
}

/**
 * May the student deposit or remove files? While the teacher keeps the box open and their copy
 * has not been returned; or, whatever the box, once a teacher reopened it after the last return.
 */
export function depositOpen(facts: { boxOpen: boolean; publishedAt: number | null; reopenedAt: number | null }): boolean {
  if (facts.reopenedAt !== null && (facts.publishedAt === null || facts.reopenedAt > facts.publishedAt)) return true;
  return facts.boxOpen && facts.publishedAt === null;
}

/** Where the feedback stands (see FEEDBACK_STATES). */
export function feedbackState(
  f: {
    comment: string;
    mark: number | null;
    publishedAt: number | null;
    publishedComment: string | null;
    publishedMark: number | null;
    /** The version the draft is for and the one last returned (a new version re-marked is a draft). */
    version?: number | null;
    publishedVersion?: number | null;
  } | null,
): FeedbackState {
  if (!f) return "aucun";
  const draftEmpty = f.comment === "" && f.mark === null;
  if (f.publishedAt === null) return draftEmpty ? "aucun" : "brouillon";
  const same =
    f.comment === (f.publishedComment ?? "") && f.mark === f.publishedMark && (f.version ?? null) === (f.publishedVersion ?? null);
  return same ? "corrige" : "brouillon";
}

/** Reads a mark as typed in French ("12,5", "12.5", " 15 "); null when it is not a valid mark on `scale`. */
export function parseMark(raw: string | number, scale: number): number | null {
  const text = typeof raw === "number" ? String(raw) : raw.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  const decimals = text.split(".")[1]?.length ?? 0;
  if (!Number.isFinite(value) || value < 0 || value > scale || decimals > MARK_DECIMALS) return null;
  return value;
}

/** A valid mark scale: a whole number from MARK_SCALE_MIN to MARK_SCALE_MAX. */
export function isMarkScale(n: number): boolean {
  return Number.isInteger(n) && n >= MARK_SCALE_MIN && n <= MARK_SCALE_MAX;
}

/** "12,5/20" as the French screens write it. */
export function formatMark(mark: number, scale: number): string {
  return `${mark.toLocaleString("fr-FR", { maximumFractionDigits: MARK_DECIMALS })}/${scale}`;
}
