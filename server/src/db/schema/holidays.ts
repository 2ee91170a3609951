import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The school's holiday periods, first and last day included (Paris dates "YYYY-MM-DD").
 * `source` is "manuel" (typed by an admin) or "ics" (imported from the zone's calendar: an
 * import replaces only those of the years it covers). The same label and dates are one period.
 */
export const schoolHolidays = sqliteTable(
  "school_holidays",
  {
    id: text("id").primaryKey(),
    label: text("label").notNull(),
    firstDay: text("first_day").notNull(),
    lastDay: text("last_day").notNull(),
    source: text("source", { enum: ["manuel", "ics"] }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("school_holidays_period_unique").on(t.label, t.firstDay, t.lastDay),
    index("school_holidays_days_idx").on(t.firstDay, t.lastDay),
  ],
);
