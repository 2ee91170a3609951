import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * One secret calendar feed per user. The secret is the whole credential of the feed (calendar
 * apps cannot send a session), so it is long, unique and replaced on demand.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull().unique(),
  createdAt: integer("created_at").notNull(),
});
