import { eq, inArray, like } from "drizzle-orm";
import { SCHOOL_TIMETABLE_LIMITS as L, SCHOOL_TIMETABLE_MESSAGES as M } from "@planify/common/constants/school-timetable";
import type { ClassTimetable, ClassTimetableBody, Lesson, LessonsQuery } from "@planify/common/schemas/school-timetable";
import { addDays, parisToUtc } from "@planify/common/time/paris-time";
import type ICAL from "ical.js";
import type { AppDeps } from "../../deps";
import { memoOf } from "../../lib/cache";
import { timetableSources } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { UserRow } from "../../db/types";
import { fetchCalendarText, parseCalendarUrl } from "./fetch-calendar";
import { lessonsBetween, parseCalendar } from "./lessons";

const userKey = (id: string) => `user:${id}`;
const classKey = (year: string, groupe: string) => `class:${year}:${groupe}`;

/** Parsed calendars by address, for L.cacheMs: a cache only (a restart reads them again), the oldest dropped past 500. */
const calendars = (deps: AppDeps) => memoOf<ICAL.Component>(deps, "school-calendars", { max: 500 });

function remember(deps: AppDeps, url: string, root: ICAL.Component): void {
  calendars(deps).set(url, root, { from: deps.now(), until: deps.now() + L.cacheMs });
}

/** Reads (or re-reads when older than L.cacheMs) one calendar; a failed read falls back to the last good copy. */
async function calendarOf(
  deps: AppDeps,
  url: string,
  allowPrivate: boolean,
): Promise<{ root: ICAL.Component | null; problem: string | null }> {
  const hit = calendars(deps).peek(url, deps.now());
  if (hit) return { root: hit, problem: null };
  try {
    const root = parseCalendar(await fetchCalendarText(url, allowPrivate));
    remember(deps, url, root);
    return { root, problem: null };
  } catch (error) {
    const text = error instanceof AppError ? error.message : M.unreachable;
    return { root: calendars(deps).stale(url) ?? null, problem: text };
  }
}

/** Admin-given addresses may point inside the school's network; a student's may not (tests may allow it). */
const studentMayUsePrivate = (deps: AppDeps) => deps.settings.allowPrivateCalendarHosts === true;

/** Checks that an address gives a calendar now, so a wrong link is refused when it is typed. */
async function validate(deps: AppDeps, url: string, allowPrivate: boolean): Promise<string> {
  const clean = parseCalendarUrl(url).href;
  const root = parseCalendar(await fetchCalendarText(clean, allowPrivate));
  remember(deps, clean, root);
  return clean;
}

/** The caller's own address and whether their class has one. */
export async function sourcesOf(deps: AppDeps, user: UserRow): Promise<{ mine: string | null; hasClassTimetable: boolean }> {
  const rows = await deps.db
    .select()
    .from(timetableSources)
    .where(inArray(timetableSources.ownerKey, [userKey(user.id), ...classKeys(user)]));
  return {
    mine: rows.find((r) => r.ownerKey === userKey(user.id))?.url ?? null,
    hasClassTimetable: rows.some((r) => r.ownerKey.startsWith("class:")),
  };
}

const classKeys = (user: UserRow) =>
  user.year ? [classKey(user.year, user.groupe), ...(user.groupe === "Promo" ? [] : [classKey(user.year, "Promo")])] : [];

/** Saves the student's own address once it reads as a calendar. */
export async function saveOwnSource(deps: AppDeps, user: UserRow, url: string): Promise<string> {
  const clean = await validate(deps, url, studentMayUsePrivate(deps));
  await deps.db
    .insert(timetableSources)
    .values({ ownerKey: userKey(user.id), userId: user.id, url: clean, updatedAt: deps.now() })
    .onConflictDoUpdate({ target: timetableSources.ownerKey, set: { url: clean, updatedAt: deps.now() } });
  return clean;
}

export async function removeOwnSource(deps: AppDeps, user: UserRow): Promise<void> {
  await deps.db.delete(timetableSources).where(eq(timetableSources.ownerKey, userKey(user.id)));
}

const toClass = (r: typeof timetableSources.$inferSelect): ClassTimetable => {
  const [, year = "", groupe = ""] = r.ownerKey.split(":");
  return { year, groupe, url: r.url, updatedAt: new Date(r.updatedAt).toISOString() };
};

export async function listClassSources(deps: AppDeps): Promise<ClassTimetable[]> {
  return (await deps.db.select().from(timetableSources).where(like(timetableSources.ownerKey, "class:%")))
    .map(toClass)
    .sort((a, b) => `${a.year}${a.groupe}`.localeCompare(`${b.year}${b.groupe}`));
}

/** Saves the address of a class (admin); it may be on the school's own network. */
export async function saveClassSource(deps: AppDeps, body: ClassTimetableBody): Promise<ClassTimetable> {
  const clean = await validate(deps, body.url, true);
  const row = { ownerKey: classKey(body.year, body.groupe), userId: null, url: clean, updatedAt: deps.now() };
  await deps.db
    .insert(timetableSources)
    .values(row)
    .onConflictDoUpdate({ target: timetableSources.ownerKey, set: { url: clean, updatedAt: row.updatedAt } });
  return toClass(row);
}

export async function removeClassSource(deps: AppDeps, year: string, groupe: string): Promise<void> {
  const gone = await deps.db
    .delete(timetableSources)
    .where(eq(timetableSources.ownerKey, classKey(year, groupe)))
    .returning();
  if (gone.length === 0) throw notFound(M.notFound);
}

/** Lessons of the caller's class and own calendars between two Paris days (inclusive). */
export async function lessonsFor(deps: AppDeps, user: UserRow, query: LessonsQuery): Promise<{ lessons: Lesson[]; problems: string[] }> {
  // Counted in calendar days (the dates as UTC midnights), so a span crossing a clock change is not an hour off.
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (!(days >= 1 && days <= L.maxRangeDays)) throw badRequest(M.badRange);
  const fromMs = parisToUtc(query.from);
  const toMs = parisToUtc(addDays(query.to, 1));
  const rows = await deps.db
    .select()
    .from(timetableSources)
    .where(inArray(timetableSources.ownerKey, [userKey(user.id), ...classKeys(user)]));
  const lessons: Lesson[] = [];
  const problems: string[] = [];
  for (const row of rows) {
    const mine = row.ownerKey.startsWith("user:");
    const { root, problem } = await calendarOf(deps, row.url, mine ? studentMayUsePrivate(deps) : true);
    if (problem) problems.push(`${mine ? "Votre calendrier" : "Emploi du temps de la classe"} : ${problem}`);
    if (root) lessons.push(...lessonsBetween(root, fromMs, toMs, mine ? "mine" : "class"));
  }
  return { lessons: lessons.sort((a, b) => a.start.localeCompare(b.start)), problems };
}
