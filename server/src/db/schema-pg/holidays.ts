import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { int } from "./columns";

/** The school's holiday periods (see ../schema/holidays.ts). */
export const schoolHolidays = pgTable(
  "school_holidays",
  {
    id: text("id").primaryKey(),
    label: text("label").notNull(),
    firstDay: text("first_day").notNull(),
    lastDay: text("last_day").notNull(),
    source: text("source", { enum: ["manuel", "ics"] }).notNull(),
    createdAt: int("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("school_holidays_period_unique").on(t.label, t.firstDay, t.lastDay),
    index("school_holidays_days_idx").on(t.firstDay, t.lastDay),
  ],
);
