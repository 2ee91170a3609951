import { pgTable, text } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

/** Addresses of school timetables (see ../schema/school-timetable.ts). */
export const timetableSources = pgTable("timetable_sources", {
  ownerKey: text("owner_key").primaryKey(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  updatedAt: int("updated_at").notNull(),
});
