import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The journal of admin writes: who, when, what, on whom, and a before/after summary.
 * Append-only: the app never updates or deletes a row (no foreign keys, so an entry
 * about a deleted user or admin stays readable by the names it kept).
 */
export const adminJournal = sqliteTable(
  "admin_journal",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(),
    adminId: text("admin_id").notNull(),
    adminUsername: text("admin_username").notNull(),
    /** user.update, user.delete, items.give, coins.gift, code.create, popup.send, … */
    action: text("action").notNull(),
    targetUserId: text("target_user_id"),
    targetUsername: text("target_username"),
    /** One French line shown in the list. */
    summary: text("summary").notNull(),
    /** Before/after values and other details. */
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
  },
  // Every admin write pays for each index (about 8 µs apiece, measured): only the two the
  // journal screen uses are kept, its admin and action filters and their pickers. The list
  // is paged by id; the person filter (id or a name fragment) and the date range scan by id.
  (t) => [index("admin_journal_admin_idx").on(t.adminId, t.at), index("admin_journal_action_idx").on(t.action, t.at)],
);
