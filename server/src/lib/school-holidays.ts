// Reading the school's holiday periods: the holidays feature keeps them, the reminders read them.
import { and, asc, gte, lte } from "drizzle-orm";
import type { Holiday } from "@planify/common/schemas/holidays";
import { schoolYearOfDate } from "@planify/common/time/school-year";
import { schoolHolidays } from "../db/schema";
import type { DbOrTx } from "../db/types";
import { first } from "../db/engine";

/** A stored period as the API shows it. */
export const presentHoliday = (r: typeof schoolHolidays.$inferSelect): Holiday => ({
  id: r.id,
  label: r.label,
  firstDay: r.firstDay,
  lastDay: r.lastDay,
  source: r.source,
  schoolYear: schoolYearOfDate(r.firstDay),
});

/** The period containing a Paris date ("YYYY-MM-DD"), if any. */
export async function holidayOnDate(deps: { db: DbOrTx }, date: string): Promise<Holiday | null> {
  const row = await first(
    deps.db
      .select()
      .from(schoolHolidays)
      .where(and(lte(schoolHolidays.firstDay, date), gte(schoolHolidays.lastDay, date)))
      .orderBy(asc(schoolHolidays.firstDay)),
  );
  return row ? presentHoliday(row) : null;
}
