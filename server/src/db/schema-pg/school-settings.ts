import { pgTable, text } from "drizzle-orm/pg-core";

/** School-wide settings (key → JSON text, read through lib/school-settings.ts). */
export const schoolSettings = pgTable("school_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
