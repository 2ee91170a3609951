import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** Homework and exams published for a year. */
export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    titre: text("titre").notNull(),
    type: text("type", { enum: ["devoir", "exam"] }).notNull(),
    matiere: text("matiere").notNull(),
    /** Paris local date "YYYY-MM-DD" and time "HH:MM". */
    date: text("date").notNull(),
    heure: text("heure").notNull(),
    /** UTC ms of date + heure read in Paris: the late deadline and the timetable start. */
    deadlineAt: integer("deadline_at").notNull(),
    durationMinutes: integer("duration_minutes"),
    description: text("description").notNull().default(""),
    year: text("year").notNull(),
    /** Empty: every speciality. */
    specialite: text("specialite").notNull().default(""),
    /** Main group shown on cards; the full list is in task_groups. */
    groupe: text("groupe").notNull().default("Promo"),
    submissionEnabled: integer("submission_enabled", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Marks of its hand-ins are out of this (20 by default). */
    markScale: integer("mark_scale").notNull().default(20),
    /** School year ("2025-2026") this task was archived with by the rollover; null: the current year. */
    archivedYear: text("archived_year"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("tasks_visibility_idx").on(t.year, t.specialite, t.deadlineAt),
    // Creators' own tasks and the staff list are read by deadline window, never in full.
    index("tasks_created_by_idx").on(t.createdBy, t.deadlineAt),
    index("tasks_deadline_idx").on(t.deadlineAt, t.id),
  ],
);

/**
 * Change counters behind the task list's ETag: `tasks` moves on any task, group, attachment,
 * subject or subject-rule change, `user:<id>` on that user's own states and personal tasks.
 * Moved by SQLite triggers in the write's own transaction (drizzle/0013_list-version-triggers),
 * read by primary key: a cheap validator.
 */
export const listVersions = sqliteTable("list_versions", {
  scope: text("scope").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** The groups a task is published for (one row each; "Promo" means the whole year). */
export const taskGroups = sqliteTable(
  "task_groups",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    groupe: text("groupe").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.groupe] }), index("task_groups_groupe_idx").on(t.groupe, t.taskId)],
);

/**
 * Per-user state of a task: a row per user and task. `counted` records that
 * this check added 1 to the user's completedTasks, so it is never counted twice.
 */
export const taskStates = sqliteTable(
  "task_states",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    checked: integer("checked", { mode: "boolean" }).notNull().default(false),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    counted: integer("counted", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at").notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] }), index("task_states_task_idx").on(t.taskId)],
);

/**
 * Files of a task on disk: teacher attachments and student hand-ins. `storedName` is generated
 * (random id + safe extension); `originalName` is only data, never a path.
 */
export const taskFiles = sqliteTable(
  "task_files",
  {
    storedName: text("stored_name").primaryKey(),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["attachment", "submission", "returned"] }).notNull(),
    /** Uploader: for a submission, the student who owns it; for a returned file, the student it is returned to. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    ext: text("ext").notNull(),
    size: integer("size").notNull(),
    /** UTC ms. */
    createdAt: integer("created_at").notNull(),
    /** Hand-ins: when the student removed it from their current version (kept for earlier versions). */
    removedAt: integer("removed_at"),
  },
  (t) => [index("task_files_lookup_idx").on(t.taskId, t.kind, t.userId)],
);
