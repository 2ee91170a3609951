import { Type, type Static } from "@sinclair/typebox";
import { GROUPS, YEARS } from "../constants/school";
import { HEX_COLOR_PATTERN, RULE_SPECIALITIES, SUBJECT_NAME_MAX } from "../constants/subjects";
import { literalUnion } from "./literal-union";
import { ok } from "./shared";

const Colour = Type.String({ pattern: HEX_COLOR_PATTERN });
const Opacity = Type.Number({ minimum: 0, maximum: 1 });
const Angle = Type.Number({ minimum: 0, maximum: 360 });
const Years = Type.Array(literalUnion(YEARS), { maxItems: YEARS.length });
const Groups = Type.Array(literalUnion(GROUPS), { maxItems: GROUPS.length });
const Specialities = Type.Array(literalUnion(RULE_SPECIALITIES), { maxItems: RULE_SPECIALITIES.length });

const subjectFields = {
  color: Colour,
  color2: Type.Optional(Colour),
  useGradient: Type.Optional(Type.Boolean()),
  gradientAngle: Type.Optional(Angle),
  colorOpacity: Type.Optional(Opacity),
  color2Opacity: Type.Optional(Opacity),
  yearsAllowed: Type.Optional(Years),
  groupsAllowed: Type.Optional(Groups),
  specialitesAllowed: Type.Optional(Specialities),
};

/** POST /subjects (admin). The name is trimmed and must keep 1 to 50 characters. */
export const SubjectBody = Type.Object({
  name: Type.String({ maxLength: SUBJECT_NAME_MAX * 2 }),
  ...subjectFields,
});
export type SubjectBody = Static<typeof SubjectBody>;

/** PUT /subjects/{id} (admin): any subset of the fields. */
export const SubjectPatchBody = Type.Partial(SubjectBody);
export type SubjectPatchBody = Static<typeof SubjectPatchBody>;

/** POST /subjects/rules (admin): upserts the rule of one subject name. */
export const SubjectRuleBody = Type.Object({
  subjectName: Type.String({ maxLength: SUBJECT_NAME_MAX * 2 }),
  yearsAllowed: Type.Optional(Years),
  specialitesAllowed: Type.Optional(Specialities),
  groupsAllowed: Type.Optional(Groups),
});
export type SubjectRuleBody = Static<typeof SubjectRuleBody>;

/** A subject as answers carry it. */
export const Subject = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  color: Type.String(),
  color2: Type.String(),
  useGradient: Type.Boolean(),
  gradientAngle: Type.Number(),
  colorOpacity: Type.Number(),
  color2Opacity: Type.Number(),
  yearsAllowed: Type.Array(Type.String()),
  groupsAllowed: Type.Array(Type.String()),
  specialitesAllowed: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type SubjectDto = Static<typeof Subject>;

/** A static-subject rule: who sees a built-in subject. */
export const SubjectRule = Type.Object({
  subjectName: Type.String(),
  yearsAllowed: Type.Array(Type.String()),
  specialitesAllowed: Type.Array(Type.String()),
  groupsAllowed: Type.Array(Type.String()),
});
export type SubjectRuleDto = Static<typeof SubjectRule>;

export const SubjectListResponse = ok({ subjects: Type.Array(Subject) });
export const SubjectSavedResponse = ok({ message: Type.String(), subject: Subject });
export const RuleListResponse = ok({ rules: Type.Array(SubjectRule) });
export const RuleSavedResponse = ok({ message: Type.String(), rule: SubjectRule });
export type SubjectListResponse = Static<typeof SubjectListResponse>;
export type SubjectSavedResponse = Static<typeof SubjectSavedResponse>;
export type RuleListResponse = Static<typeof RuleListResponse>;
export type RuleSavedResponse = Static<typeof RuleSavedResponse>;
