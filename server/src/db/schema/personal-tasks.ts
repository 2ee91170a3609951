import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * Tasks a user adds for themselves. A table of their own rather than a column on `tasks`:
 * every query over `tasks` (staff lists, hand-ins, ZIP, stats, completions and milestones)
 * stays blind to them by construction, and the only reads are by owner. The owner is the
 * only one with a state, so checked/archived live on the row; no task_states row exists.
 */
export const personalTasks = sqliteTable(
  "personal_tasks",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    titre: text("titre").notNull(),
    /** Empty: no subject. */
    matiere: text("matiere").notNull().default(""),
    /** Paris local date "YYYY-MM-DD" and time "HH:MM". */
    date: text("date").notNull(),
    heure: text("heure").notNull(),
    /** UTC ms of date + heure read in Paris. */
    deadlineAt: integer("deadline_at").notNull(),
    /** Plain text, never HTML. */
    note: text("note").notNull().default(""),
    checked: integer("checked", { mode: "boolean" }).notNull().default(false),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("personal_tasks_owner_idx").on(t.ownerId, t.deadlineAt, t.id)],
);
