// The school's holiday periods: kept by admins (typed or imported), read by everyone.
import { and, asc, eq, gte, lte, or } from "drizzle-orm";
import { HOLIDAY_MESSAGES as M, holidayProblem } from "@planify/common/constants/holidays";
import type { Holiday, HolidayBody, HolidayImportBody, HolidayImportResponse } from "@planify/common/schemas/holidays";
import { isSchoolYear, schoolYearBounds } from "@planify/common/time/school-year";
import type { AppDeps } from "../../deps";
import { schoolHolidays } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { type JournalActor, recordAdminAction } from "../../lib/journal";
import { presentHoliday } from "../../lib/school-holidays";
import { parseHolidayCalendar } from "./ics";

type Row = typeof schoolHolidays.$inferSelect;

/** Every period, in date order. */
export function listHolidays(deps: Pick<AppDeps, "db">): Holiday[] {
  return deps.db.select().from(schoolHolidays).orderBy(asc(schoolHolidays.firstDay), asc(schoolHolidays.label)).all().map(presentHoliday);
}

function checked(body: HolidayBody): HolidayBody {
  const problem = holidayProblem(body.label, body.firstDay, body.lastDay);
  if (problem) throw badRequest(problem);
  return { ...body, label: body.label.trim() };
}

const isDuplicate = (e: unknown) => e instanceof Error && /UNIQUE constraint failed/.test(e.message);
const describe = (h: HolidayBody) => `${h.label} (${h.firstDay} → ${h.lastDay})`;

/** POST /holidays: a period typed by an admin ("manuel"). */
export function createHoliday(deps: AppDeps, actor: JournalActor, input: HolidayBody): Holiday {
  const body = checked(input);
  const row: Row = { id: newId(), ...body, source: "manuel", createdAt: deps.now() };
  try {
    deps.db.transaction((tx) => {
      tx.insert(schoolHolidays).values(row).run();
      recordAdminAction(tx, actor, {
        action: "holidays.create",
        summary: `Vacances ajoutées : ${describe(body)}`,
        details: { ...body },
        at: deps.now(),
      });
    });
  } catch (e) {
    if (isDuplicate(e)) throw conflict(M.duplicate);
    throw e;
  }
  return presentHoliday(row);
}

/** PUT /holidays/:id: an edited period becomes the admin's own ("manuel"), so an import keeps it. */
export function updateHoliday(deps: AppDeps, actor: JournalActor, id: string, input: HolidayBody): Holiday {
  const body = checked(input);
  try {
    return deps.db.transaction((tx) => {
      const before = tx.select().from(schoolHolidays).where(eq(schoolHolidays.id, id)).get();
      if (!before) throw notFound(M.notFound);
      const after = tx
        .update(schoolHolidays)
        .set({ ...body, source: "manuel" })
        .where(eq(schoolHolidays.id, id))
        .returning()
        .get()!;
      recordAdminAction(tx, actor, {
        action: "holidays.update",
        summary: `Vacances modifiées : ${describe(body)}`,
        details: { before: { label: before.label, firstDay: before.firstDay, lastDay: before.lastDay }, after: body },
        at: deps.now(),
      });
      return presentHoliday(after);
    });
  } catch (e) {
    if (isDuplicate(e)) throw conflict(M.duplicate);
    throw e;
  }
}

/** DELETE /holidays/:id. */
export function deleteHoliday(deps: AppDeps, actor: JournalActor, id: string): void {
  deps.db.transaction((tx) => {
    const gone = tx.delete(schoolHolidays).where(eq(schoolHolidays.id, id)).returning().get();
    if (!gone) throw notFound(M.notFound);
    recordAdminAction(tx, actor, {
      action: "holidays.delete",
      summary: `Vacances supprimées : ${describe(gone)}`,
      details: { ...presentHoliday(gone) },
      at: deps.now(),
    });
  });
}

/**
 * POST /holidays/import: reads the file (nothing changes when it is refused), keeps the
 * periods of the chosen school years and, when `apply`, replaces the imported ("ics") periods
 * of those years by them in one transaction; typed ones stay, and a period already there
 * (same name and dates) is not added twice.
 */
export function importHolidays(deps: AppDeps, actor: JournalActor, body: HolidayImportBody): HolidayImportResponse {
  const all = parseHolidayCalendar(body.ics);
  const fileYears = [...new Set(all.map((p) => p.schoolYear))].sort();
  const years = body.schoolYears ?? fileYears;
  if (years.some((y) => !isSchoolYear(y))) throw badRequest(M.icsBadYear);
  const periods = all.filter((p) => years.includes(p.schoolYear));
  if (periods.length === 0) throw badRequest(M.icsNothingInYears);
  const inYears = or(
    ...years.map((y) => {
      const { first, last } = schoolYearBounds(y);
      return and(gte(schoolHolidays.firstDay, first), lte(schoolHolidays.firstDay, last));
    }),
  );
  const replaceable = and(eq(schoolHolidays.source, "ics"), inYears);
  if (!body.apply) {
    const replaced = deps.db.select({ id: schoolHolidays.id }).from(schoolHolidays).where(replaceable).all().length;
    return { success: true, periods, schoolYears: fileYears, replaced, applied: false };
  }
  const { replaced, added } = deps.db.transaction((tx) => {
    const removed = tx.delete(schoolHolidays).where(replaceable).returning({ id: schoolHolidays.id }).all().length;
    let n = 0;
    for (const p of periods) {
      const got = tx
        .insert(schoolHolidays)
        .values({ id: newId(), label: p.label, firstDay: p.firstDay, lastDay: p.lastDay, source: "ics", createdAt: deps.now() })
        .onConflictDoNothing()
        .returning({ id: schoolHolidays.id })
        .get();
      if (got) n++;
    }
    recordAdminAction(tx, actor, {
      action: "holidays.import",
      summary: `Calendrier scolaire importé (${years.join(", ")}) : ${n} période(s)`,
      details: { schoolYears: years, added: n, replaced: removed },
      at: deps.now(),
    });
    return { replaced: removed, added: n };
  });
  return { success: true, periods, schoolYears: fileYears, replaced, applied: true, message: M.imported(added, replaced) };
}
