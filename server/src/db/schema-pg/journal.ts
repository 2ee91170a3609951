import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { int } from "./columns";

/** The journal of admin writes, append-only (see ../schema/journal.ts). */
export const adminJournal = pgTable(
  "admin_journal",
  {
    id: int("id").primaryKey().generatedByDefaultAsIdentity(),
    at: int("at").notNull(),
    adminId: text("admin_id").notNull(),
    adminUsername: text("admin_username").notNull(),
    action: text("action").notNull(),
    targetUserId: text("target_user_id"),
    targetUsername: text("target_username"),
    summary: text("summary").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("admin_journal_admin_idx").on(t.adminId, t.at), index("admin_journal_action_idx").on(t.action, t.at)],
);
