import { jsonb, pgTable, text } from "drizzle-orm/pg-core";

/** One row per closed school year (see ../schema/rollover.ts). */
export const rollovers = pgTable("rollovers", {
  schoolYear: text("school_year").primaryKey(),
  runAt: text("run_at").notNull(),
  runBy: text("run_by").notNull(),
  counts: jsonb("counts").$type<Record<string, number>>().notNull(),
  backupName: text("backup_name").notNull(),
});
