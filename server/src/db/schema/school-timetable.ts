import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * Addresses of school timetables (iCalendar): one per student who gave their own
 * (`owner_key` "user:<id>") and one per class an admin set ("class:<year>:<groupe>").
 */
export const timetableSources = sqliteTable("timetable_sources", {
  ownerKey: text("owner_key").primaryKey(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
