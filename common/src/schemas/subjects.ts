import { Type, type Static } from "@sinclair/typebox";
import { GROUPS, YEARS } from "../constants/school";
import { HEX_COLOR_PATTERN, RULE_SPECIALITIES, SUBJECT_NAME_MAX } from "../constants/subjects";
import { literalUnion } from "./literal-union";

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

export interface SubjectDto {
  _id: string;
  id: string;
  name: string;
  color: string;
  color2: string;
  useGradient: boolean;
  gradientAngle: number;
  colorOpacity: number;
  color2Opacity: number;
  yearsAllowed: string[];
  groupsAllowed: string[];
  specialitesAllowed: string[];
  createdAt: string;
  updatedAt: string;
}

export interface SubjectRuleDto {
  subjectName: string;
  yearsAllowed: string[];
  specialitesAllowed: string[];
  groupsAllowed: string[];
}
