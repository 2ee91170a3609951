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
import { first } from "../../db/engine";
import { isUniqueViolation } from "../../db/errors";

type Row = typeof schoolHolidays.$inferSelect;

/** Every period, in date order. */
export async function listHolidays(deps: Pick<AppDeps, "db">): Promise<Holiday[]> {
  return (await deps.db.select().from(schoolHolidays).orderBy(asc(schoolHolidays.firstDay), asc(schoolHolidays.label))).map(presentHoliday);
}

function checked(body: HolidayBody): HolidayBody {
  const problem = holidayProblem(body.label, body.firstDay, body.lastDay);
  if (problem) throw badRequest(problem);
  return { ...body, label: body.label.trim() };
}

const describe = (h: HolidayBody) => `${h.label} (${h.firstDay} → ${h.lastDay})`;

/** POST /holidays: a period typed by an admin ("manuel"). */
export async function createHoliday(deps: AppDeps, actor: JournalActor, input: HolidayBody): Promise<Holiday> {
  const body = checked(input);
  const row: Row = { id: newId(), ...body, source: "manuel", createdAt: deps.now() };
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(schoolHolidays).values(row);
      await recordAdminAction(tx, actor, {
        action: "holidays.create",
        summary: `Vacances ajoutées : ${describe(body)}`,
        details: { ...body },
        at: deps.now(),
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(M.duplicate);
    throw e;
  }
  return presentHoliday(row);
}

/** PUT /holidays/:id: an edited period becomes the admin's own ("manuel"), so an import keeps it. */
export async function updateHoliday(deps: AppDeps, actor: JournalActor, id: string, input: HolidayBody): Promise<Holiday> {
  const body = checked(input);
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await first(tx.select().from(schoolHolidays).where(eq(schoolHolidays.id, id)));
      if (!before) throw notFound(M.notFound);
      const after = (await first(
        tx
          .update(schoolHolidays)
          .set({ ...body, source: "manuel" })
          .where(eq(schoolHolidays.id, id))
          .returning(),
      ))!;
      await recordAdminAction(tx, actor, {
        action: "holidays.update",
        summary: `Vacances modifiées : ${describe(body)}`,
        details: { before: { label: before.label, firstDay: before.firstDay, lastDay: before.lastDay }, after: body },
        at: deps.now(),
      });
      return presentHoliday(after);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(M.duplicate);
    throw e;
  }
}

/** DELETE /holidays/:id. */
export async function deleteHoliday(deps: AppDeps, actor: JournalActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const gone = await first(tx.delete(schoolHolidays).where(eq(schoolHolidays.id, id)).returning());
    if (!gone) throw notFound(M.notFound);
    await recordAdminAction(tx, actor, {
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
export async function importHolidays(deps: AppDeps, actor: JournalActor, body: HolidayImportBody): Promise<HolidayImportResponse> {
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
    const replaced = (await deps.db.select({ id: schoolHolidays.id }).from(schoolHolidays).where(replaceable)).length;
    return { success: true, periods, schoolYears: fileYears, replaced, applied: false };
  }
  const { replaced, added } = await deps.db.transaction(async (tx) => {
    const removed = (await tx.delete(schoolHolidays).where(replaceable).returning({ id: schoolHolidays.id })).length;
    let n = 0;
    for (const p of periods) {
      const got = await first(
        tx
          .insert(schoolHolidays)
          .values({ id: newId(), label: p.label, firstDay: p.firstDay, lastDay: p.lastDay, source: "ics", createdAt: deps.now() })
          .onConflictDoNothing()
          .returning({ id: schoolHolidays.id }),
      );
      if (got) n++;
    }
    await recordAdminAction(tx, actor, {
      action: "holidays.import",
      summary: `Calendrier scolaire importé (${years.join(", ")}) : ${n} période(s)`,
      details: { schoolYears: years, added: n, replaced: removed },
      at: deps.now(),
    });
    return { replaced: removed, added: n };
  });
  return { success: true, periods, schoolYears: fileYears, replaced, applied: true, message: M.imported(added, replaced) };
}
