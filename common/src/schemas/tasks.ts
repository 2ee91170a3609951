import { MyHandIn, TaskHandInFacts } from "./hand-ins";
import { TaskFile } from "./task-file";
import { Type, type Static } from "@sinclair/typebox";
import { IsoDate, missingMessage, Nullable, ok, OkMessage } from "./shared";
import { GROUPS, TRACKS, YEARS } from "../constants/school";
import {
  TASK_DESCRIPTION_MAX,
  TASK_DURATION_MAX_MIN,
  TASK_MESSAGES as M,
  TASK_PAGE_DEFAULT,
  TASK_PAGE_MAX,
  TASK_TITLE_MAX,
  TASK_TYPES,
} from "../constants/tasks";
import { SUBJECT_NAME_MAX } from "../constants/subjects";
import { literalUnion } from "./literal-union";

const Group = literalUnion(GROUPS);

/**
 * Body of POST /events, with the spec's names only (one name per field): titre, matiere, date
 * and heure are required. The names old clients also send (title, subject, dueDate, "examen")
 * are rewritten into these by the server's legacy adapter before validation. Lengths are loose
 * so that the service answers the French message of each limit; a field that is missing gets
 * its French message from `missingMessage` (see the errors plugin).
 */
export const TaskBody = Type.Object({
  titre: Type.String({ maxLength: TASK_TITLE_MAX * 2, ...missingMessage(M.titleRequired) }),
  type: Type.Optional(literalUnion(TASK_TYPES)),
  matiere: Type.String({ maxLength: SUBJECT_NAME_MAX * 2, ...missingMessage(M.subjectRequired) }),
  date: Type.String({ maxLength: 40, description: "AAAA-MM-JJ", ...missingMessage(M.dateRequired) }),
  heure: Type.String({ maxLength: 10, description: "HH:MM (14h30 est aussi lu)", ...missingMessage(M.timeRequired) }),
  durationMinutes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: TASK_DURATION_MAX_MIN }), Type.Null()])),
  description: Type.Optional(Type.String({ maxLength: TASK_DESCRIPTION_MAX })),
  groupes: Type.Optional(Type.Array(Group, { maxItems: GROUPS.length })),
  groupe: Type.Optional(Group),
  submissionEnabled: Type.Optional(Type.Boolean()),
  year: Type.Optional(Type.Union([literalUnion(YEARS), Type.Literal("")])),
  specialite: Type.Optional(Type.Union([literalUnion(TRACKS), Type.Literal("")])),
});
export type TaskBody = Static<typeof TaskBody>;

/** Body of PUT /events/{id} and POST /events/{id}/update-self: the fields to change. */
export const TaskEditBody = Type.Partial(TaskBody);
export type TaskEditBody = Static<typeof TaskEditBody>;

/** Body of POST /events/{id}/set-groups (old clients' `groupes` is rewritten by the legacy adapter). */
export const SetGroupsBody = Type.Object({
  groups: Type.Array(Group, { maxItems: GROUPS.length, ...missingMessage(M.groupRequired) }),
});
export type SetGroupsBody = Static<typeof SetGroupsBody>;

/**
 * Body of the hard delete: the groups to remove the task from (the delete confirmation's
 * group choice). Absent or covering every group: the task is deleted for everyone.
 */
export const HardDeleteBody = Type.Object({ groups: Type.Optional(Type.Array(Group, { maxItems: GROUPS.length })) });
export type HardDeleteBody = Static<typeof HardDeleteBody>;

export { TaskFile, type TaskFileDto } from "./task-file";

/** What the caller may do with a task (see rules/task-permissions). */
export const TaskCan = Type.Object({
  edit: Type.Boolean(),
  editYear: Type.Boolean(),
  hardDelete: Type.Boolean(),
  setGroups: Type.Boolean(),
  editFiles: Type.Boolean(),
  seeSubmissions: Type.Boolean(),
  deposit: Type.Boolean(),
  hide: Type.Boolean(),
  /** See the hand-in table, set extensions, mark and return copies (profs and admins). */
  mark: Type.Boolean(),
});

/** Ids of users in a state; only ever the caller's own id (other users' states stay private). */
export const CallerIds = Type.Array(Type.String(), {
  maxItems: 1,
  description: "Contient l'id de l'appelant quand l'état s'applique, jamais d'autre id.",
});

/** A task as every answer carries it, with the caller's own state. */
export const Task = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  titre: Type.String(),
  title: Type.String(),
  type: Type.Union([Type.Literal("devoir"), Type.Literal("exam")]),
  matiere: Type.String(),
  subject: Type.String(),
  date: Type.String({ description: "YYYY-MM-DD (Paris)" }),
  heure: Type.String({ description: "HH:MM (Paris)" }),
  durationMinutes: Nullable(Type.Integer()),
  description: Type.String({ description: "HTML nettoyé" }),
  year: Type.String(),
  specialite: Type.String(),
  groupe: Type.String(),
  groupes: Type.Array(Type.String()),
  submissionEnabled: Type.Boolean(),
  createdBy: Nullable(Type.String()),
  creatorId: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  attachments: Type.Array(TaskFile),
  checked: Type.Boolean(),
  archived: Type.Boolean(),
  hidden: Type.Boolean(),
  checkedBy: CallerIds,
  archivedBy: CallerIds,
  hiddenBy: CallerIds,
  /** Past the Paris deadline and not checked, for the caller. */
  late: Type.Boolean(),
  /** ISO start (Paris date + heure) and end (start + duration, 1 h by default). */
  start: IsoDate,
  end: IsoDate,
  can: TaskCan,
  /** A task the caller added for themselves: only they see it, and it never earns coins. */
  personal: Type.Optional(Type.Boolean({ description: "Tâche perso : visible de son auteur seul, sans pièces" })),
  /** Personal tasks only: the note as typed (plain text; `description` holds it as HTML). */
  note: Type.Optional(Type.String()),
  /** The caller's own hand-in terms, when a teacher set some or returned their copy. */
  handIn: Type.Optional(TaskHandInFacts),
});
export type TaskDto = Static<typeof Task>;

/** One student's hand-in summary (own or, for profs and admins, each student's). */
const submissionSummary = {
  files: Type.Array(TaskFile),
  submittedAt: Nullable(IsoDate),
  late: Type.Boolean(),
  lateMinutes: Type.Integer({ minimum: 0 }),
  lateByMs: Type.Integer({ minimum: 0 }),
};

/** One student's hand-in as profs and admins receive it; `user` is the student's id. */
export const Submission = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  user: Type.String({ description: "Id de l'étudiant" }),
  userId: Type.String(),
  userName: Type.String(),
  ...submissionSummary,
});
export type SubmissionDto = Static<typeof Submission>;

/**
 * Query of GET /events, every part optional (a bare GET answers the recent window, in the
 * same shape old clients read). `before` pages back from a cursor that an answer gave in
 * `olderCursor`; `window=all` asks for every task at once (the former answer).
 */
export const TaskListQuery = Type.Object({
  before: Type.Optional(Type.String({ maxLength: 160, description: "Curseur `olderCursor` d'une réponse précédente" })),
  limit: Type.Optional(
    Type.String({ pattern: "^\\d{1,3}$", description: `Taille de page, 1 à ${TASK_PAGE_MAX} (défaut ${TASK_PAGE_DEFAULT})` }),
  ),
  window: Type.Optional(literalUnion(["recent", "all"] as const)),
});
export type TaskListQuery = Static<typeof TaskListQuery>;

export const TaskListResponse = ok({
  events: Type.Array(Task),
  olderCursor: Type.Optional(
    Nullable(Type.String({ description: "À passer dans `before` pour les tâches plus anciennes ; null quand il n'y en a plus" })),
  ),
});
export const TaskResponse = ok({ event: Task });
export const TaskCreatedResponse = ok({ message: Type.String(), _id: Type.String(), id: Type.String(), event: Task });
export const TaskUpdatedResponse = ok({ message: Type.String(), event: Task });
export const TaskStateResponse = ok({ event: Task, completedTasks: Type.Integer() });
export const TaskDeletedResponse = OkMessage;
export const AttachmentsResponse = ok({ attachments: Type.Array(TaskFile) });
export const AttachmentsAddedResponse = ok({ message: Type.String(), files: Type.Array(TaskFile), attachments: Type.Array(TaskFile) });
export const AttachmentDeletedResponse = ok({ message: Type.String(), attachments: Type.Array(TaskFile) });
export const SubmissionsResponse = ok({ submissions: Type.Array(Submission) });
export const MySubmissionResponse = ok({ submissionEnabled: Type.Boolean(), ...submissionSummary, handIn: Type.Optional(MyHandIn) });
export const SubmitResponse = ok({ message: Type.String(), ...submissionSummary });
export type TaskListResponse = Static<typeof TaskListResponse>;
export type TaskResponse = Static<typeof TaskResponse>;
export type TaskCreatedResponse = Static<typeof TaskCreatedResponse>;
export type TaskUpdatedResponse = Static<typeof TaskUpdatedResponse>;
export type TaskStateResponse = Static<typeof TaskStateResponse>;
export type AttachmentsResponse = Static<typeof AttachmentsResponse>;
export type AttachmentsAddedResponse = Static<typeof AttachmentsAddedResponse>;
export type AttachmentDeletedResponse = Static<typeof AttachmentDeletedResponse>;
export type SubmissionsResponse = Static<typeof SubmissionsResponse>;
export type MySubmissionResponse = Static<typeof MySubmissionResponse>;
export type SubmitResponse = Static<typeof SubmitResponse>;
