// The hand-in table of a task, one student's detail, and the table as CSV.
import { formatDelay } from "@planify/common/format/delay";
import { and, asc, eq, inArray } from "drizzle-orm";
import { HAND_IN_STATUS_LABELS } from "@planify/common/constants/hand-ins";
import { formatMark } from "@planify/common/rules/hand-ins";
import type { HandInDetailResponse, HandInRowDto, HandInTableResponse } from "@planify/common/schemas/hand-ins";
import { parisDate } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { handInNudges, handInVersions, taskFiles } from "../../db/schema";
import { csvDownload, parisStamp } from "../../lib/csv";
import { commentText } from "./comment";
import { zipSegment } from "../../lib/zip";
import { countsOf, deadlineFor, toFeedbackDraft, toHandInTask, toRow, toVersions } from "./present";
import { factsOf, factsOfOne, loadHandInTask, studentOf, studentsOf, type HandInTaskRow, type Student } from "./roster";

/** Whether « Relancer les retardataires » was used on this task today (Paris). */
export async function nudgedToday(db: DbOrTx, taskId: string, now: number): Promise<boolean> {
  const row = await first(
    db
      .select({ day: handInNudges.parisDay })
      .from(handInNudges)
      .where(and(eq(handInNudges.taskId, taskId), eq(handInNudges.parisDay, parisDate(now)))),
  );
  return row !== undefined;
}

/** Every student's row and the facts behind it. */
async function tableOf(deps: AppDeps, found: HandInTaskRow) {
  const facts = await factsOf(deps.db, found.task.id, await studentsOf(deps, found));
  return { facts, rows: facts.map((f) => toRow(found.task, f)) };
}

/** GET /hand-ins/tasks/{taskId}: every student who sees the task, by last name. */
export async function handInTable(deps: AppDeps, taskId: string): Promise<HandInTableResponse> {
  const found = await loadHandInTask(deps.db, taskId);
  const { facts, rows } = await tableOf(deps, found);
  return {
    success: true,
    task: toHandInTask(found.task, found.groupes),
    counts: countsOf(rows, facts),
    rows,
    nudgedToday: await nudgedToday(deps.db, taskId, deps.now()),
  };
}

/** One student's row as it stands now (the answer of every per-student write). */
export async function rowOf(deps: AppDeps, found: HandInTaskRow, student: Student): Promise<HandInRowDto> {
  return toRow(found.task, await factsOfOne(deps.db, found.task.id, student));
}

/** GET …/students/{userId}: every version of the hand-in (files removed since included) and the feedback. */
export async function handInDetail(deps: AppDeps, taskId: string, userId: string): Promise<HandInDetailResponse> {
  const found = await loadHandInTask(deps.db, taskId);
  const student = await studentOf(deps, found, userId);
  const facts = await factsOfOne(deps.db, taskId, student);
  const versions = await deps.db
    .select()
    .from(handInVersions)
    .where(and(eq(handInVersions.taskId, taskId), eq(handInVersions.userId, userId)))
    .orderBy(asc(handInVersions.version));
  const files = await deps.db
    .select()
    .from(taskFiles)
    .where(and(eq(taskFiles.taskId, taskId), eq(taskFiles.userId, userId), inArray(taskFiles.kind, ["submission"])));
  return {
    success: true,
    task: toHandInTask(found.task, found.groupes),
    row: toRow(found.task, facts),
    // An exempt student's versions are never late (no deadline to judge them by).
    versions: toVersions(
      versions,
      new Map(files.map((f) => [f.storedName, f])),
      facts.override?.exempt ? Number.POSITIVE_INFINITY : deadlineFor(found.task, facts),
    ),
    feedback: toFeedbackDraft(facts),
  };
}

const CSV_HEADER = [
  "Nom",
  "Prénom",
  "Identifiant",
  "Groupe",
  "Statut",
  "Rendu le",
  "Retard",
  "Échéance",
  "Version",
  "Note",
  "Commentaire publié",
];

/** A delay in French words, "" when on time. */
const delay = (ms: number) => (ms > 0 ? formatDelay(ms) : "");

/** The mark the student sees, and the teacher's draft when it differs (marked « brouillon »). */
function markCell(row: HandInRowDto, scale: number): string {
  const published = row.publishedMark !== null ? formatMark(row.publishedMark, scale) : "";
  if (row.feedback !== "brouillon" || row.mark === row.publishedMark) return published;
  const draft = row.mark !== null ? formatMark(row.mark, scale) : "sans note";
  return published ? `${published} (brouillon : ${draft})` : `${draft} (brouillon)`;
}

/**
 * GET …/export.csv: the table for French spreadsheets (lib/csv: BOM, ';', CRLF, formulas
 * neutralised); times in Paris; the comment the student was given, as plain text.
 */
export async function handInCsv(deps: AppDeps, taskId: string): Promise<Response> {
  const found = await loadHandInTask(deps.db, taskId);
  const { facts, rows } = await tableOf(deps, found);
  const lines = rows.map((row, i) => {
    const feedback = facts[i]!.feedback;
    const comment = feedback?.publishedAt != null ? commentText(feedback.publishedComment ?? "") : "";
    return [
      row.lastName,
      row.firstName,
      row.username,
      row.groupe,
      HAND_IN_STATUS_LABELS[row.status],
      row.submittedAt ? parisStamp(Date.parse(row.submittedAt)) : "",
      delay(row.lateByMs),
      parisStamp(Date.parse(row.deadline)),
      row.version ?? "",
      markCell(row, found.task.markScale),
      comment,
    ];
  });
  return csvDownload(`rendus-${zipSegment(found.task.titre, "tache")}-${parisDate(deps.now())}.csv`, CSV_HEADER, lines);
}
