import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

/** Homework and exams published for a year (see ../schema/tasks.ts). */
export const tasks = pgTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    titre: text("titre").notNull(),
    type: text("type", { enum: ["devoir", "exam"] }).notNull(),
    matiere: text("matiere").notNull(),
    date: text("date").notNull(),
    heure: text("heure").notNull(),
    deadlineAt: int("deadline_at").notNull(),
    durationMinutes: int("duration_minutes"),
    description: text("description").notNull().default(""),
    year: text("year").notNull(),
    specialite: text("specialite").notNull().default(""),
    groupe: text("groupe").notNull().default("Promo"),
    submissionEnabled: boolean("submission_enabled").notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    markScale: int("mark_scale").notNull().default(20),
    archivedYear: text("archived_year"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("tasks_visibility_idx").on(t.year, t.specialite, t.deadlineAt),
    index("tasks_created_by_idx").on(t.createdBy, t.deadlineAt),
    index("tasks_deadline_idx").on(t.deadlineAt, t.id),
  ],
);

/** Change counters behind the task list's ETag, moved by triggers (drizzle-pg/0001_list-version-triggers). */
export const listVersions = pgTable("list_versions", {
  scope: text("scope").primaryKey(),
  version: int("version").notNull().default(0),
});

/** The groups a task is published for. */
export const taskGroups = pgTable(
  "task_groups",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    groupe: text("groupe").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.groupe] }), index("task_groups_groupe_idx").on(t.groupe, t.taskId)],
);

/** Per-user state of a task. */
export const taskStates = pgTable(
  "task_states",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    checked: boolean("checked").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    hidden: boolean("hidden").notNull().default(false),
    counted: boolean("counted").notNull().default(false),
    updatedAt: int("updated_at").notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] }), index("task_states_task_idx").on(t.taskId)],
);

/** Files of a task: teacher attachments and student hand-ins. */
export const taskFiles = pgTable(
  "task_files",
  {
    storedName: text("stored_name").primaryKey(),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["attachment", "submission", "returned"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    ext: text("ext").notNull(),
    size: int("size").notNull(),
    createdAt: int("created_at").notNull(),
    removedAt: int("removed_at"),
  },
  (t) => [index("task_files_lookup_idx").on(t.taskId, t.kind, t.userId)],
);
