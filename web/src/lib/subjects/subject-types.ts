import type { SubjectDto, SubjectRuleDto } from "@planify/common/schemas/subjects";
import { SUBJECT_DEFAULT_ANGLE, SUBJECT_DEFAULT_COLOR, SUBJECT_DEFAULT_COLOR2 } from "@planify/common/constants/subjects";

/** A subject as the web app reads it (spec 3 §3); `id` is empty for built-in names. */
export type Subject = Omit<SubjectDto, "_id" | "createdAt" | "updatedAt">;

/** Visibility rule of a built-in subject. */
export type SubjectRule = SubjectRuleDto;

export type SubjectInput = Omit<Subject, "id">;

export { SUBJECT_NAME_MAX } from "@planify/common/constants/subjects";
export const DEFAULT_COLOR = SUBJECT_DEFAULT_COLOR;
export const DEFAULT_COLOR2 = SUBJECT_DEFAULT_COLOR2;
export const DEFAULT_ANGLE = SUBJECT_DEFAULT_ANGLE;

type Raw = Record<string, unknown>;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const num = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v !== "" && Number.isFinite(Number(v)) ? Number(v) : d);

export function normaliseSubject(raw: Raw): Subject {
  return {
    id: String(raw.id ?? raw._id ?? ""),
    name: String(raw.name ?? raw.matiere ?? raw.title ?? ""),
    color: typeof raw.color === "string" && raw.color ? raw.color : DEFAULT_COLOR,
    color2: typeof raw.color2 === "string" && raw.color2 ? raw.color2 : DEFAULT_COLOR2,
    useGradient: raw.useGradient === true,
    gradientAngle: num(raw.gradientAngle, DEFAULT_ANGLE),
    colorOpacity: num(raw.colorOpacity, 1),
    color2Opacity: num(raw.color2Opacity, 1),
    yearsAllowed: strings(raw.yearsAllowed),
    groupsAllowed: strings(raw.groupsAllowed),
    specialitesAllowed: strings(raw.specialitesAllowed),
  };
}

export function normaliseRule(raw: Raw): SubjectRule {
  return {
    subjectName: String(raw.subjectName ?? raw.name ?? ""),
    yearsAllowed: strings(raw.yearsAllowed),
    specialitesAllowed: strings(raw.specialitesAllowed),
    groupsAllowed: strings(raw.groupsAllowed),
  };
}
