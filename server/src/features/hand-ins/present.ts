// The one presenter of hand-in answers: a task's head, a student's row, the counts, the
// feedback and the files, all from the facts roster.ts reads.
import type { FeedbackDraftDto, HandInCountsDto, HandInRowDto, HandInTaskDto, HandInVersionDto } from "@planify/common/schemas/hand-ins";
import { depositOpen, effectiveDeadline, feedbackState, handInStatus, isExtended, lateBy } from "@planify/common/rules/hand-ins";
import type { FeedbackState } from "@planify/common/constants/hand-ins";
import { toFileDto } from "../tasks";
import type { StudentFacts, TaskFileRow, TaskRow, VersionRow } from "./roster";

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : iso(ms));

/** The task as the hand-in screens head it. */
export function toHandInTask(task: TaskRow, groupes: string[]): HandInTaskDto {
  return {
    id: task.id,
    titre: task.titre,
    matiere: task.matiere,
    year: task.year,
    groupes,
    specialite: task.specialite,
    date: task.date,
    heure: task.heure,
    deadline: iso(task.deadlineAt),
    submissionEnabled: task.submissionEnabled,
    markScale: task.markScale,
  };
}

/** Stored names a version holds. */
export const versionFiles = (v: Pick<VersionRow, "files"> | null): string[] => (v ? (JSON.parse(v.files) as string[]) : []);

/** The student's own deadline: their extension, else the task's. */
export const deadlineFor = (task: TaskRow, facts: Pick<StudentFacts, "override">) => effectiveDeadline(task.deadlineAt, facts.override);

/** Returned copies added since the copies were last returned (the student does not see them yet). */
export const unpublishedFiles = (facts: Pick<StudentFacts, "feedback" | "returned">) =>
  facts.returned.filter((f) => facts.feedback?.publishedAt == null || f.createdAt > facts.feedback.publishedAt);

/**
 * Where the feedback stands (rules.feedbackState); a returned copy not yet given to the
 * student also makes it a draft, so « Rendre les copies » sends it.
 */
export function stateOf(facts: Pick<StudentFacts, "feedback" | "returned">): FeedbackState {
  const state = feedbackState(facts.feedback);
  return state !== "brouillon" && unpublishedFiles(facts).length > 0 ? "brouillon" : state;
}

/** The copy is returned (published) and nothing newer came in: no reopen since. */
const reopenedOf = (facts: StudentFacts) => {
  const at = facts.override?.reopenedAt ?? null;
  const published = facts.feedback?.publishedAt ?? null;
  return at !== null && (published === null || at > published);
};

/** One student's line of the hand-in table. */
export function toRow(task: TaskRow, facts: StudentFacts): HandInRowDto {
  const { student, override, current, feedback } = facts;
  const deadlineAt = deadlineFor(task, facts);
  const fileCount = versionFiles(current).length;
  const exempt = override?.exempt ?? false;
  const lastAt = current?.at ?? null;
  const status = handInStatus({ exempt, lastAt, fileCount, deadlineAt });
  return {
    userId: student.id,
    username: student.username,
    firstName: student.firstName,
    lastName: student.lastName,
    groupe: student.groupe,
    status,
    submittedAt: isoOrNull(fileCount > 0 ? lastAt : null),
    lateByMs: status === "en-retard" && lastAt !== null ? lateBy(lastAt, deadlineAt) : 0,
    fileCount,
    version: current?.version ?? null,
    deadline: iso(deadlineAt),
    extended: isExtended(task.deadlineAt, override),
    exempt,
    open: depositOpen({
      boxOpen: task.submissionEnabled,
      publishedAt: feedback?.publishedAt ?? null,
      reopenedAt: override?.reopenedAt ?? null,
    }),
    reopened: reopenedOf(facts),
    feedback: stateOf(facts),
    mark: feedback?.mark ?? null,
    publishedMark: feedback?.publishedAt != null ? (feedback.publishedMark ?? null) : null,
    publishedAt: isoOrNull(feedback?.publishedAt),
  };
}

/** Handed in (on time or late) and not marked for the current version: no draft, or one for an earlier version. */
export function needsMarking(row: HandInRowDto, facts: StudentFacts): boolean {
  if (row.status !== "rendu" && row.status !== "en-retard") return false;
  return row.feedback === "aucun" || (facts.feedback?.version ?? 0) < (row.version ?? 0);
}

/** The counts at the top of the table. */
export function countsOf(rows: HandInRowDto[], facts: StudentFacts[]): HandInCountsDto {
  const counts: HandInCountsDto = {
    total: rows.length,
    rendu: 0,
    "en-retard": 0,
    "non-rendu": 0,
    dispense: 0,
    aCorriger: 0,
    brouillons: 0,
    corriges: 0,
  };
  rows.forEach((row, i) => {
    counts[row.status]++;
    if (needsMarking(row, facts[i]!)) counts.aCorriger++;
    if (row.feedback === "brouillon") counts.brouillons++;
    if (row.feedback === "corrige") counts.corriges++;
  });
  return counts;
}

/** Every version of a hand-in, oldest first, late judged per version against the student's deadline. */
export function toVersions(versions: VersionRow[], files: Map<string, TaskFileRow>, deadlineAt: number): HandInVersionDto[] {
  return versions.map((v) => {
    const late = lateBy(v.at, deadlineAt);
    return {
      version: v.version,
      at: iso(v.at),
      late: late > 0,
      lateByMs: late,
      files: versionFiles(v).flatMap((name) => {
        const f = files.get(name);
        return f ? [toFileDto(f, deadlineAt)] : [];
      }),
    };
  });
}

/** The teacher's side of the feedback: the draft, what was published, the returned copies. */
export function toFeedbackDraft(facts: StudentFacts): FeedbackDraftDto {
  const f = facts.feedback;
  const published = f?.publishedAt != null;
  return {
    state: stateOf(facts),
    comment: f?.comment ?? "",
    mark: f?.mark ?? null,
    version: f?.version ?? null,
    publishedComment: published ? (f.publishedComment ?? "") : null,
    publishedMark: published ? (f.publishedMark ?? null) : null,
    publishedAt: isoOrNull(f?.publishedAt),
    returnedFiles: facts.returned.map((r) => toFileDto(r)),
  };
}
