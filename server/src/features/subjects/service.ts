import { asc, eq } from "drizzle-orm";
import { SUBJECT_DEFAULT_ANGLE, SUBJECT_DEFAULT_COLOR2, SUBJECT_NAME_MAX } from "@planify/common/constants/subjects";
import type { SubjectBody, SubjectDto, SubjectPatchBody, SubjectRuleBody, SubjectRuleDto } from "@planify/common/schemas/subjects";
import type { AppDeps } from "../../deps";
import { subjectRules, subjects } from "../../db/schema";
import { first } from "../../db/engine";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { collapseSpaces } from "../../lib/text";
import { listsAllow } from "@planify/common/rules/subject-visibility";
import type { Audience } from "./access";

type SubjectRow = typeof subjects.$inferSelect;

const NAME_MESSAGE = `Le nom de la matière est requis (${SUBJECT_NAME_MAX} caractères maximum).`;

function cleanName(raw: string): string {
  const name = collapseSpaces(raw);
  if (!name || name.length > SUBJECT_NAME_MAX) throw badRequest(NAME_MESSAGE);
  return name;
}

const unique = <T>(list: T[] | undefined): T[] => [...new Set(list ?? [])];

export function toSubjectDto(row: SubjectRow): SubjectDto {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    color: row.color,
    color2: row.color2,
    useGradient: row.useGradient,
    gradientAngle: row.gradientAngle,
    colorOpacity: row.colorOpacity,
    color2Opacity: row.color2Opacity,
    yearsAllowed: row.yearsAllowed,
    groupsAllowed: row.groupsAllowed,
    specialitesAllowed: row.specialitesAllowed,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Subjects the caller may see: all for profs and admins, else those whose lists and rule allow them. */
export async function listSubjects(deps: AppDeps, who: Audience): Promise<SubjectDto[]> {
  const rules = new Map((await deps.db.select().from(subjectRules)).map((r) => [r.subjectName.toLowerCase(), r]));
  return (await deps.db.select().from(subjects).orderBy(asc(subjects.nameKey)))
    .filter((s) => {
      const rule = rules.get(s.nameKey);
      return listsAllow(s, who) && (!rule || listsAllow(rule, who));
    })
    .map(toSubjectDto);
}

async function assertNameFree(deps: AppDeps, nameKey: string, exceptId?: string): Promise<void> {
  const other = await first(deps.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.nameKey, nameKey)));
  if (other && other.id !== exceptId) throw conflict("Une matière porte déjà ce nom.");
}

/** Creates a subject (admin). */
export async function createSubject(deps: AppDeps, body: SubjectBody): Promise<SubjectDto> {
  const name = cleanName(body.name);
  await assertNameFree(deps, name.toLowerCase());
  const at = new Date(deps.now()).toISOString();
  const row = await first(
    deps.db
      .insert(subjects)
      .values({
        id: newId(),
        name,
        nameKey: name.toLowerCase(),
        color: body.color.toUpperCase(),
        color2: (body.color2 ?? SUBJECT_DEFAULT_COLOR2).toUpperCase(),
        useGradient: body.useGradient ?? false,
        gradientAngle: Math.round(body.gradientAngle ?? SUBJECT_DEFAULT_ANGLE),
        colorOpacity: body.colorOpacity ?? 1,
        color2Opacity: body.color2Opacity ?? 1,
        yearsAllowed: unique(body.yearsAllowed),
        groupsAllowed: unique(body.groupsAllowed),
        specialitesAllowed: unique(body.specialitesAllowed),
        createdAt: at,
        updatedAt: at,
      })
      .returning(),
  );
  return toSubjectDto(row!);
}

/** Updates the given fields of a subject (admin). */
export async function updateSubject(deps: AppDeps, id: string, body: SubjectPatchBody): Promise<SubjectDto> {
  const current = await first(deps.db.select().from(subjects).where(eq(subjects.id, id)));
  if (!current) throw notFound("Matière introuvable.");
  const patch: Partial<SubjectRow> = { updatedAt: new Date(deps.now()).toISOString() };
  if (body.name !== undefined) {
    patch.name = cleanName(body.name);
    patch.nameKey = patch.name.toLowerCase();
    await assertNameFree(deps, patch.nameKey, id);
  }
  if (body.color !== undefined) patch.color = body.color.toUpperCase();
  if (body.color2 !== undefined) patch.color2 = body.color2.toUpperCase();
  if (body.useGradient !== undefined) patch.useGradient = body.useGradient;
  if (body.gradientAngle !== undefined) patch.gradientAngle = Math.round(body.gradientAngle);
  if (body.colorOpacity !== undefined) patch.colorOpacity = body.colorOpacity;
  if (body.color2Opacity !== undefined) patch.color2Opacity = body.color2Opacity;
  if (body.yearsAllowed !== undefined) patch.yearsAllowed = unique(body.yearsAllowed);
  if (body.groupsAllowed !== undefined) patch.groupsAllowed = unique(body.groupsAllowed);
  if (body.specialitesAllowed !== undefined) patch.specialitesAllowed = unique(body.specialitesAllowed);
  const row = (await first(deps.db.update(subjects).set(patch).where(eq(subjects.id, id)).returning()))!;
  return toSubjectDto(row);
}

/** Deletes a subject (admin). Tasks keep their subject name. */
export async function deleteSubject(deps: AppDeps, id: string): Promise<void> {
  const gone = await first(deps.db.delete(subjects).where(eq(subjects.id, id)).returning({ id: subjects.id }));
  if (!gone) throw notFound("Matière introuvable.");
}

const toRuleDto = (r: typeof subjectRules.$inferSelect): SubjectRuleDto => ({
  subjectName: r.subjectName,
  yearsAllowed: r.yearsAllowed,
  specialitesAllowed: r.specialitesAllowed,
  groupsAllowed: r.groupsAllowed,
});

/** Every static rule (they only name years, groups and specialities: readable by any member). */
export async function listRules(deps: AppDeps): Promise<SubjectRuleDto[]> {
  return (await deps.db.select().from(subjectRules).orderBy(asc(subjectRules.subjectName))).map(toRuleDto);
}

/** Creates or replaces the rule of one subject name (admin). */
export async function upsertRule(deps: AppDeps, body: SubjectRuleBody): Promise<SubjectRuleDto> {
  const subjectName = cleanName(body.subjectName);
  const values = {
    subjectName,
    yearsAllowed: unique(body.yearsAllowed),
    specialitesAllowed: unique(body.specialitesAllowed),
    groupsAllowed: unique(body.groupsAllowed),
    updatedAt: new Date(deps.now()).toISOString(),
  };
  const row = await first(
    deps.db.insert(subjectRules).values(values).onConflictDoUpdate({ target: subjectRules.subjectName, set: values }).returning(),
  );
  return toRuleDto(row!);
}

/** Removes the rule of one subject name (admin). */
export async function deleteRule(deps: AppDeps, subjectName: string): Promise<void> {
  const gone = await first(
    deps.db
      .delete(subjectRules)
      .where(eq(subjectRules.subjectName, collapseSpaces(subjectName)))
      .returning(),
  );
  if (!gone) throw notFound("Règle introuvable.");
}
