import { TASK_DEFAULT_DURATION_MIN, TASK_IMAGE_WIDTH_MAX, TASK_IMAGE_WIDTH_MIN, TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import type { TaskDto, TaskFileDto } from "@planify/common/schemas/tasks";
import { taskPermissions, type TaskCaller } from "@planify/common/rules/task-permissions";
import { effectiveDeadline } from "@planify/common/rules/hand-ins";
import type { tasks, taskFiles, taskStates } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { parisDayAndMinutes, parisToUtc } from "@planify/common/time/paris-time";
import { sanitizeRichHtml } from "../../lib/sanitize";
import type { OwnTerms } from "./hand-in-terms";

export type TaskRow = typeof tasks.$inferSelect;
export type TaskFileRow = typeof taskFiles.$inferSelect;
export type TaskStateRow = typeof taskStates.$inferSelect;

/** The caller's state of a task; a task without a row is neither checked, archived nor hidden. */
export interface CallerState {
  checked: boolean;
  archived: boolean;
  hidden: boolean;
}
export const EMPTY_STATE: CallerState = { checked: false, archived: false, hidden: false };

/** Reads "YYYY-MM-DD" (or the date part of an ISO instant) and checks it is a real day. */
export function parseDate(raw: string): string | null {
  const value = raw?.trim().slice(0, 10);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d ? value : null;
}

/** Reads "HH:MM", "H:MM", "14h30" or "14h" (a 'h' is read as ':', as French users write times) as "HH:MM". */
export function parseTime(raw: string | undefined): string | null {
  const match = raw
    ?.trim()
    .toLowerCase()
    .match(/^(\d{1,2})\s*[:h]\s*(\d{2})?$/);
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2] ?? "0");
  if (h > 23 || m > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** The Paris deadline of a task in UTC ms (date + heure read as Paris wall-clock time). */
export function deadlineOf(date: string, heure: string): number {
  return parisToUtc(date, heure);
}

/** A Paris wall-clock date and time of an instant, as tasks store them. */
export function parisWhen(ms: number): { date: string; heure: string } {
  const { day, minutes } = parisDayAndMinutes(ms);
  return { date: day, heure: `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}` };
}

/** Date, time and deadline from a body, with a French message for each field a user got wrong. */
export function readWhen(body: { date: string; heure: string }) {
  const date = parseDate(body.date);
  if (!date) throw badRequest(M.dateRequired);
  const heure = parseTime(body.heure);
  if (!heure) throw badRequest(M.timeRequired);
  return { date, heure, deadlineAt: deadlineOf(date, heure) };
}

/** The download URL of a stored file, and its /uploads/ form (a returned copy has only the first). */
function fileUrls(f: TaskFileRow): { url: string; path: string } {
  if (f.kind === "returned") {
    const url = `/api/hand-ins/returned/${f.taskId}/${f.storedName}/download`;
    return { url, path: url };
  }
  const base = `/api/events/${f.taskId}`;
  const url = f.kind === "attachment" ? `${base}/attachments/${f.storedName}/download` : `${base}/submissions/${f.storedName}/download`;
  // The same checked download under the /uploads/ form that clients resolve against the host.
  return { url, path: `/uploads/${f.kind === "attachment" ? "events" : "submissions"}/${f.taskId}/${f.storedName}` };
}

/** Public description of a stored file, with the URL that downloads it; `deadlineAt` judges a hand-in's lateness. */
export function toFileDto(f: TaskFileRow, deadlineAt?: number): TaskFileDto {
  const { url, path } = fileUrls(f);
  const dto: TaskFileDto = {
    id: f.storedName,
    _id: f.storedName,
    filename: f.storedName,
    originalname: f.originalName,
    name: f.originalName,
    size: f.size,
    createdAt: new Date(f.createdAt).toISOString(),
    url,
    path,
  };
  if (f.kind === "submission" && deadlineAt !== undefined) dto.late = f.createdAt > deadlineAt;
  return dto;
}

/** The caller's id when a state applies: answers never reveal other users' states. */
const mineIf = (on: boolean, callerId: string) => (on ? [callerId] : []);

/**
 * The one presenter of a task for one caller: the wire fields with their aliases, start/end
 * for the timetable and what the caller may do with it. A student's own `terms` (a teacher's
 * extension, exemption, returned copy) move their date, time, start, end and late flag, and
 * are told in `handIn`.
 */
export function toTaskDto(
  row: TaskRow,
  groupes: string[],
  attachments: TaskFileRow[],
  state: CallerState,
  now: number,
  caller: TaskCaller,
  terms?: OwnTerms,
): TaskDto {
  const duration = row.durationMinutes ?? TASK_DEFAULT_DURATION_MIN;
  const dto: TaskDto = {
    _id: row.id,
    id: row.id,
    titre: row.titre,
    title: row.titre,
    type: row.type,
    matiere: row.matiere,
    subject: row.matiere,
    date: row.date,
    heure: row.heure,
    durationMinutes: row.durationMinutes,
    description: row.description,
    year: row.year,
    specialite: row.specialite,
    groupe: row.groupe,
    groupes,
    submissionEnabled: row.submissionEnabled,
    createdBy: row.createdBy,
    creatorId: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    attachments: attachments.map((f) => toFileDto(f)),
    checked: state.checked,
    archived: state.archived,
    hidden: state.hidden,
    checkedBy: mineIf(state.checked, caller.id),
    archivedBy: mineIf(state.archived, caller.id),
    hiddenBy: mineIf(state.hidden, caller.id),
    late: !state.checked && now > row.deadlineAt,
    start: new Date(row.deadlineAt).toISOString(),
    end: new Date(row.deadlineAt + duration * 60_000).toISOString(),
    can: taskPermissions(caller, row),
  };
  if (!terms) return dto;
  // The student's own terms: their deadline wherever the task's stood, never late when exempt.
  const deadlineAt = effectiveDeadline(row.deadlineAt, terms);
  const extended = deadlineAt !== row.deadlineAt;
  if (extended) {
    Object.assign(dto, parisWhen(deadlineAt), {
      start: new Date(deadlineAt).toISOString(),
      end: new Date(deadlineAt + duration * 60_000).toISOString(),
    });
  }
  dto.late = !terms.exempt && !state.checked && now > deadlineAt;
  dto.handIn = {
    originalStart: extended ? new Date(row.deadlineAt).toISOString() : null,
    extended,
    exempt: terms.exempt,
    corrected: terms.publishedAt !== null,
  };
  return dto;
}

/** Groups to store: "Promo" alone when chosen, else the distinct list. */
export function normaliseGroups(groupes: string[] | undefined, groupe: string | undefined): string[] {
  const list = [...new Set(groupes?.length ? groupes : groupe ? [groupe] : [])];
  if (list.includes("Promo")) return ["Promo"];
  if (!list.length) throw badRequest(M.groupRequired);
  return list;
}

const clampWidth = (n: string) => String(Math.min(TASK_IMAGE_WIDTH_MAX, Math.max(TASK_IMAGE_WIDTH_MIN, Number(n))));

/**
 * A task description as stored: the shared allowlist sanitiser, then image widths held to
 * 80–900 px in both the style and the width attribute.
 */
export function cleanDescription(html: string): string {
  return sanitizeRichHtml(html, "task").replace(/<img\b[^>]*>/gi, (tag) =>
    tag
      .replace(/(width:\s*)(\d+)px/gi, (_, prefix: string, n: string) => `${prefix}${clampWidth(n)}px`)
      .replace(/(\swidth=")(\d+)(")/gi, (_, a: string, n: string, b: string) => `${a}${clampWidth(n)}${b}`),
  );
}
