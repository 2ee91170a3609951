import { Type, type Static } from "@sinclair/typebox";
import { GROUPS, TRACKS, YEARS } from "../constants/school";
import { TASK_DESCRIPTION_MAX, TASK_DURATION_MAX_MIN, TASK_TITLE_MAX } from "../constants/tasks";
import { SUBJECT_NAME_MAX } from "../constants/subjects";
import { literalUnion } from "./literal-union";

const Group = literalUnion(GROUPS);

/**
 * Body of POST /events and of the edit calls (spec 3 §7.1). Aliases of spec 3 §3 are read:
 * title for titre, subject for matiere, dueDate for date, "examen" for exam, "14h30" for 14:30.
 * Required fields and French messages are checked by the service.
 */
export const TaskBody = Type.Object({
  titre: Type.Optional(Type.String({ maxLength: TASK_TITLE_MAX * 2 })),
  title: Type.Optional(Type.String({ maxLength: TASK_TITLE_MAX * 2 })),
  type: Type.Optional(literalUnion(["devoir", "exam", "examen"] as const)),
  matiere: Type.Optional(Type.String({ maxLength: SUBJECT_NAME_MAX * 2 })),
  subject: Type.Optional(Type.String({ maxLength: SUBJECT_NAME_MAX * 2 })),
  date: Type.Optional(Type.String({ maxLength: 40 })),
  dueDate: Type.Optional(Type.String({ maxLength: 40 })),
  heure: Type.Optional(Type.String({ maxLength: 10 })),
  durationMinutes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: TASK_DURATION_MAX_MIN }), Type.Null()])),
  description: Type.Optional(Type.String({ maxLength: TASK_DESCRIPTION_MAX })),
  groupes: Type.Optional(Type.Array(Group, { maxItems: GROUPS.length })),
  groupe: Type.Optional(Group),
  submissionEnabled: Type.Optional(Type.Boolean()),
  year: Type.Optional(Type.Union([literalUnion(YEARS), Type.Literal("")])),
  specialite: Type.Optional(Type.Union([literalUnion(TRACKS), Type.Literal("")])),
});
export type TaskBody = Static<typeof TaskBody>;

export const SetGroupsBody = Type.Object({
  groups: Type.Optional(Type.Array(Group, { maxItems: GROUPS.length })),
  groupes: Type.Optional(Type.Array(Group, { maxItems: GROUPS.length })),
});
export type SetGroupsBody = Static<typeof SetGroupsBody>;

/** A stored file as answers describe it (attachment or hand-in). */
export interface TaskFileDto {
  id: string;
  _id: string;
  /** Stored (generated) name: the identifier used in URLs. */
  filename: string;
  /** Original name, kept as data. */
  originalname: string;
  name: string;
  size: number;
  createdAt: string;
  /** Download URL (session required: bearer token, or the session cookie for a plain link). */
  url: string;
  /** The same download as `/uploads/{events|submissions}/{taskId}/{filename}`, resolved against the host. */
  path: string;
  /** Hand-ins only: deposited after the deadline. */
  late?: boolean;
}

/** A task as every answer carries it, with the caller's own state. */
export interface TaskDto {
  _id: string;
  id: string;
  titre: string;
  title: string;
  type: "devoir" | "exam";
  matiere: string;
  subject: string;
  date: string;
  heure: string;
  durationMinutes: number | null;
  description: string;
  year: string;
  specialite: string;
  groupe: string;
  groupes: string[];
  submissionEnabled: boolean;
  createdBy: string | null;
  creatorId: string | null;
  createdAt: string;
  updatedAt: string;
  attachments: TaskFileDto[];
  checked: boolean;
  archived: boolean;
  hidden: boolean;
  /** Past the Paris deadline and not checked, for the caller. */
  late: boolean;
  /** ISO start (Paris date + heure) and end (start + duration, 1 h by default). */
  start: string;
  end: string;
}

/** One student's hand-in, as profs and admins (or its owner) receive it. */
export interface SubmissionDto {
  _id: string;
  id: string;
  userId: string;
  user: { _id: string; id: string; username: string };
  userName: string;
  files: TaskFileDto[];
  submittedAt: string | null;
  late: boolean;
  lateMinutes: number;
  lateByMs: number;
}
