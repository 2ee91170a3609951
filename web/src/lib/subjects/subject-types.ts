import type { SubjectDto, SubjectRuleDto } from "@planify/common/schemas/subjects";
import { SUBJECT_DEFAULT_ANGLE, SUBJECT_DEFAULT_COLOR, SUBJECT_DEFAULT_COLOR2 } from "@planify/common/constants/subjects";

/** A subject as the web app reads it; `id` is empty for built-in names. */
export type Subject = Omit<SubjectDto, "_id" | "createdAt" | "updatedAt">;

/** Visibility rule of a built-in subject. */
export type SubjectRule = SubjectRuleDto;

export type SubjectInput = Omit<Subject, "id">;

export { SUBJECT_NAME_MAX } from "@planify/common/constants/subjects";
export const DEFAULT_COLOR = SUBJECT_DEFAULT_COLOR;
export const DEFAULT_COLOR2 = SUBJECT_DEFAULT_COLOR2;
export const DEFAULT_ANGLE = SUBJECT_DEFAULT_ANGLE;
