import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * School-wide settings an admin changes in the app (key → JSON value), read through
 * lib/school-settings.ts, which knows each key, its type and its default.
 */
export const schoolSettings = sqliteTable("school_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
