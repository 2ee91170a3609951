import { Type, type Static } from "@sinclair/typebox";
import { FEEDBACK_COMMENT_MAX, FEEDBACK_STATES, HAND_IN_STATUSES, MARK_SCALE_MAX } from "../constants/hand-ins";
import { IsoDate, Nullable, ok } from "./shared";
import { TaskFile } from "./task-file";
import { literalUnion } from "./literal-union";

// Teacher tools for a task's hand-ins (features/hand-ins): the table of every student who sees
// the task, per-student deadlines and exemptions, feedback and marks, returned copies,
// « Rendre les copies », reopening, the versions of a hand-in, and the teacher's « À corriger ».
// Profs and admins only, except the student's own view (MyHandIn, on GET my-submission) and the
// download of their own returned copy once published.

export const HandInStatus = literalUnion(HAND_IN_STATUSES);
export const FeedbackState = literalUnion(FEEDBACK_STATES);

/** A task as the hand-in screens head it. */
export const HandInTask = Type.Object({
  id: Type.String(),
  titre: Type.String(),
  matiere: Type.String(),
  year: Type.String(),
  groupes: Type.Array(Type.String()),
  specialite: Type.String(),
  date: Type.String({ description: "YYYY-MM-DD (Paris)" }),
  heure: Type.String({ description: "HH:MM (Paris)" }),
  deadline: IsoDate,
  submissionEnabled: Type.Boolean(),
  markScale: Type.Integer({ minimum: 1, maximum: MARK_SCALE_MAX }),
});
export type HandInTaskDto = Static<typeof HandInTask>;

/** One student's line in the hand-in table. */
export const HandInRow = Type.Object({
  userId: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  groupe: Type.String(),
  status: HandInStatus,
  /** Time of the current version (null: nothing handed in). */
  submittedAt: Nullable(IsoDate),
  lateByMs: Type.Integer({ minimum: 0 }),
  fileCount: Type.Integer({ minimum: 0 }),
  /** Number of the current version (null: none yet). */
  version: Nullable(Type.Integer({ minimum: 1 })),
  /** The student's own deadline (their extension, else the task's). */
  deadline: IsoDate,
  extended: Type.Boolean(),
  exempt: Type.Boolean(),
  /** The student may deposit now (box open and copy not returned, or reopened for them). */
  open: Type.Boolean(),
  reopened: Type.Boolean(),
  feedback: FeedbackState,
  /** Draft mark (what the teacher typed) and the mark the student sees. */
  mark: Nullable(Type.Number()),
  publishedMark: Nullable(Type.Number()),
  publishedAt: Nullable(IsoDate),
});
export type HandInRowDto = Static<typeof HandInRow>;

export const HandInCounts = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  rendu: Type.Integer({ minimum: 0 }),
  "en-retard": Type.Integer({ minimum: 0 }),
  "non-rendu": Type.Integer({ minimum: 0 }),
  dispense: Type.Integer({ minimum: 0 }),
  /** Handed in and not yet marked (no draft, or the draft is for an earlier version). */
  aCorriger: Type.Integer({ minimum: 0 }),
  brouillons: Type.Integer({ minimum: 0 }),
  corriges: Type.Integer({ minimum: 0 }),
});
export type HandInCountsDto = Static<typeof HandInCounts>;

/** GET /hand-ins/tasks/{taskId}: the hand-in table. */
export const HandInTableResponse = ok({
  task: HandInTask,
  counts: HandInCounts,
  rows: Type.Array(HandInRow),
  /** « Relancer les retardataires » was already used today (Paris). */
  nudgedToday: Type.Boolean(),
});
export type HandInTableResponse = Static<typeof HandInTableResponse>;

/** One version of a hand-in (each deposit or removal makes one); late judged per version. */
export const HandInVersion = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  at: IsoDate,
  late: Type.Boolean(),
  lateByMs: Type.Integer({ minimum: 0 }),
  files: Type.Array(TaskFile),
});
export type HandInVersionDto = Static<typeof HandInVersion>;

/** The teacher's side of one student's feedback (draft and published). */
export const FeedbackDraft = Type.Object({
  state: FeedbackState,
  comment: Type.String({ description: "HTML nettoyé (brouillon)" }),
  mark: Nullable(Type.Number()),
  /** The version the draft was written for. */
  version: Nullable(Type.Integer()),
  publishedComment: Nullable(Type.String()),
  publishedMark: Nullable(Type.Number()),
  publishedAt: Nullable(IsoDate),
  returnedFiles: Type.Array(TaskFile),
});
export type FeedbackDraftDto = Static<typeof FeedbackDraft>;

/** GET /hand-ins/tasks/{taskId}/students/{userId}: one student's hand-in, every version, the feedback. */
export const HandInDetailResponse = ok({
  task: HandInTask,
  row: HandInRow,
  versions: Type.Array(HandInVersion),
  feedback: FeedbackDraft,
});
export type HandInDetailResponse = Static<typeof HandInDetailResponse>;

/** A Paris date and time as the forms send them. */
const ParisWhen = Type.Object({
  date: Type.String({ maxLength: 40, description: "YYYY-MM-DD (Paris)" }),
  heure: Type.String({ maxLength: 10, description: "HH:MM (Paris)" }),
});

/** PUT …/students/{userId}/override: the student's own deadline (null: the task's) and exemption. */
export const HandInOverrideBody = Type.Object({
  deadline: Nullable(ParisWhen),
  exempt: Type.Boolean(),
});
export type HandInOverrideBody = Static<typeof HandInOverrideBody>;
export const HandInRowResponse = ok({ message: Type.String(), row: HandInRow });
export type HandInRowResponse = Static<typeof HandInRowResponse>;

/** PUT …/students/{userId}/feedback: the draft; a mark may be typed "12,5"; null or "" clears it. */
export const FeedbackBody = Type.Object({
  comment: Type.String({ maxLength: FEEDBACK_COMMENT_MAX * 2 }),
  mark: Nullable(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
});
export type FeedbackBody = Static<typeof FeedbackBody>;
export const FeedbackSavedResponse = ok({ message: Type.String(), row: HandInRow, feedback: FeedbackDraft });
export type FeedbackSavedResponse = Static<typeof FeedbackSavedResponse>;

/** POST …/students/{userId}/returned (multipart `files`) and DELETE …/returned/{filename}. */
export const ReturnedFilesResponse = ok({ message: Type.String(), files: Type.Array(TaskFile) });
export type ReturnedFilesResponse = Static<typeof ReturnedFilesResponse>;

/** PUT /hand-ins/tasks/{taskId}/scale. */
export const MarkScaleBody = Type.Object({ markScale: Type.Integer() });
export type MarkScaleBody = Static<typeof MarkScaleBody>;
export const MarkScaleResponse = ok({ message: Type.String(), task: HandInTask });

/** POST /hand-ins/tasks/{taskId}/publish: every draft returned at once, or none. */
export const PublishResponse = ok({ message: Type.String(), published: Type.Integer({ minimum: 0 }) });
export type PublishResponse = Static<typeof PublishResponse>;

/** POST /hand-ins/tasks/{taskId}/nudge: one reminder to those who have not handed in, once a day. */
export const NudgeResponse = ok({ message: Type.String(), sent: Type.Integer({ minimum: 0 }) });
export type NudgeResponse = Static<typeof NudgeResponse>;

/** GET /hand-ins/to-mark: the teacher's « À corriger ». */
export const ToMarkTask = Type.Object({
  task: HandInTask,
  /** Students who see the task, not exempt. */
  expected: Type.Integer({ minimum: 0 }),
  handedIn: Type.Integer({ minimum: 0 }),
  aCorriger: Type.Integer({ minimum: 0 }),
  brouillons: Type.Integer({ minimum: 0 }),
});
export const ToMarkResponse = ok({ tasks: Type.Array(ToMarkTask) });
export type ToMarkResponse = Static<typeof ToMarkResponse>;

/** The student's own view of their hand-in (on GET /events/{id}/my-submission as `handIn`). */
export const MyHandIn = Type.Object({
  status: HandInStatus,
  deadline: IsoDate,
  /** Set when a teacher gave this student a later deadline (« Délai prolongé jusqu'au … »). */
  extendedUntil: Nullable(IsoDate),
  exempt: Type.Boolean(),
  /** The student may deposit now. */
  open: Type.Boolean(),
  versions: Type.Array(HandInVersion),
  /** What the teacher returned (« Corrigé »); null until copies are returned. */
  feedback: Nullable(
    Type.Object({
      comment: Type.String({ description: "HTML nettoyé" }),
      mark: Nullable(Type.Number()),
      markScale: Type.Integer(),
      publishedAt: IsoDate,
      files: Type.Array(TaskFile),
    }),
  ),
});
export type MyHandInDto = Static<typeof MyHandIn>;

/** A student's own terms as the task list carries them (only when they have some). */
export const TaskHandInFacts = Type.Object({
  /** The task's own deadline when this student has an extension (their `start` is their own). */
  originalStart: Nullable(IsoDate),
  extended: Type.Boolean(),
  exempt: Type.Boolean(),
  /** A teacher returned this student's copy. */
  corrected: Type.Boolean(),
});
export type TaskHandInFactsDto = Static<typeof TaskHandInFacts>;
