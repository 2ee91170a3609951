import { Type, type Static } from "@sinclair/typebox";
import { SCHOOL_TIMETABLE_LIMITS as L } from "../constants/school-timetable";
import { GROUPS, YEARS } from "../constants/school";
import { IsoDate, Nullable, ok } from "./shared";
import { literalUnion } from "./literal-union";

const Url = Type.String({ maxLength: L.urlMax });

/** PUT /school-timetable/mine: the student's own calendar address. */
export const OwnTimetableBody = Type.Object({ url: Url });
export type OwnTimetableBody = Static<typeof OwnTimetableBody>;

/** PUT /school-timetable/classes: the address the admin gives for a year and group ("Promo": the whole year). */
export const ClassTimetableBody = Type.Object({ year: literalUnion(YEARS), groupe: literalUnion(GROUPS), url: Url });
export type ClassTimetableBody = Static<typeof ClassTimetableBody>;
export const ClassTimetableQuery = Type.Object({ year: literalUnion(YEARS), groupe: literalUnion(GROUPS) });

/** A class address as admins see it (students never see the school's addresses, which may carry a key). */
export const ClassTimetable = Type.Object({ year: Type.String(), groupe: Type.String(), url: Type.String(), updatedAt: IsoDate });
export type ClassTimetable = Static<typeof ClassTimetable>;

/** GET /school-timetable/sources: what feeds the caller's timetable. */
export const TimetableSourcesResponse = ok({
  /** The caller's own address, shown back to them. */
  mine: Nullable(Type.String()),
  /** Whether the school gave a timetable for the caller's year and group (or whole year). */
  hasClassTimetable: Type.Boolean(),
});
export type TimetableSourcesResponse = Static<typeof TimetableSourcesResponse>;

export const ClassTimetablesResponse = ok({ classes: Type.Array(ClassTimetable) });
export type ClassTimetablesResponse = Static<typeof ClassTimetablesResponse>;

/** GET /school-timetable/lessons?from=&to= (Paris days, inclusive). */
export const LessonsQuery = Type.Object({
  from: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }),
  to: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }),
});
export type LessonsQuery = Static<typeof LessonsQuery>;

/** One lesson of a school timetable, as plain text. */
export const Lesson = Type.Object({
  id: Type.String(),
  title: Type.String(),
  start: IsoDate,
  end: IsoDate,
  location: Type.String(),
  description: Type.String(),
  source: Type.Union([Type.Literal("class"), Type.Literal("mine")]),
});
export type Lesson = Static<typeof Lesson>;

export const LessonsResponse = ok({
  lessons: Type.Array(Lesson),
  /** French notes on sources that could not be read this time (the last good copy is used when there is one). */
  problems: Type.Array(Type.String()),
});
export type LessonsResponse = Static<typeof LessonsResponse>;
