import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per closed school year (« Nouvelle année scolaire »). The primary key on the year
 * makes a second run for the same year fail in the database too, even under a double click.
 */
export const rollovers = sqliteTable("rollovers", {
  schoolYear: text("school_year").primaryKey(),
  /** ISO instant of the run. */
  runAt: text("run_at").notNull(),
  /** Username of the admin who ran it (kept as text: the entry outlives the account). */
  runBy: text("run_by").notNull(),
  counts: text("counts", { mode: "json" }).$type<Record<string, number>>().notNull(),
  /** File name of the backup taken before the run. */
  backupName: text("backup_name").notNull(),
});
