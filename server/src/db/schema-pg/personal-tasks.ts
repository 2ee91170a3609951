import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

/** Tasks a user adds for themselves (see ../schema/personal-tasks.ts). */
export const personalTasks = pgTable(
  "personal_tasks",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    titre: text("titre").notNull(),
    matiere: text("matiere").notNull().default(""),
    date: text("date").notNull(),
    heure: text("heure").notNull(),
    deadlineAt: int("deadline_at").notNull(),
    note: text("note").notNull().default(""),
    checked: boolean("checked").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("personal_tasks_owner_idx").on(t.ownerId, t.deadlineAt, t.id)],
);
