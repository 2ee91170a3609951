import { Type, type Static } from "@sinclair/typebox";
import { ok, OkMessage } from "./shared";
import { PERSONAL_NOTE_MAX } from "../constants/personal-tasks";
import { TASK_TITLE_MAX } from "../constants/tasks";
import { SUBJECT_NAME_MAX } from "../constants/subjects";
import { Task } from "./tasks";

/**
 * Body of POST /personal-tasks. Lengths are loose here so that the service answers the
 * French message of each limit (see rules/personal-tasks); an empty `matiere` means none.
 */
export const PersonalTaskBody = Type.Object({
  titre: Type.String({ maxLength: TASK_TITLE_MAX * 2 }),
  date: Type.String({ maxLength: 40 }),
  heure: Type.String({ maxLength: 10 }),
  note: Type.Optional(Type.String({ maxLength: PERSONAL_NOTE_MAX * 2, description: "Texte brut" })),
  matiere: Type.Optional(Type.String({ maxLength: SUBJECT_NAME_MAX * 2, description: "Vide : sans matière" })),
});
export type PersonalTaskBody = Static<typeof PersonalTaskBody>;

/** Body of PUT /personal-tasks/{id}: the fields to change. */
export const PersonalTaskEditBody = Type.Partial(PersonalTaskBody);
export type PersonalTaskEditBody = Static<typeof PersonalTaskEditBody>;

/** A saved personal task, in the shape of every task (with `personal: true` and its `note`). */
export const PersonalTaskSavedResponse = ok({ message: Type.String(), event: Task });
export type PersonalTaskSavedResponse = Static<typeof PersonalTaskSavedResponse>;
export const PersonalTaskDeletedResponse = OkMessage;
