import { pgTable, text } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

/** One secret calendar feed per user (see ../schema/calendar.ts). */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull().unique(),
  createdAt: int("created_at").notNull(),
});
