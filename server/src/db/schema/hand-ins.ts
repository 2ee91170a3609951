import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tasks } from "./tasks";
import { users } from "./users";

/**
 * One student's own terms for one task's hand-in, set by a teacher or an admin: a new deadline
 * (`deadlineAt`, UTC ms of a Paris date and time), an exemption, or a reopened box. Late is
 * judged against `deadlineAt` when set, for that student everywhere (list, reminders, calendar,
 * ZIP, hand-in table). Moves the student's list version (triggers in the migration).
 */
export const handInOverrides = sqliteTable(
  "hand_in_overrides",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null: the task's own deadline. */
    deadlineAt: integer("deadline_at"),
    exempt: integer("exempt", { mode: "boolean" }).notNull().default(false),
    /** When a teacher reopened this student's hand-in (deposits allowed until copies are returned again). */
    reopenedAt: integer("reopened_at"),
    updatedAt: integer("updated_at").notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index("hand_in_overrides_user_idx").on(t.userId)],
);

/**
 * Every version of a student's hand-in: each deposit or removal makes a new one, listing the
 * stored names it holds (JSON array). Files a student removes stay stored while a version names
 * them; late is judged per version against the student's deadline.
 */
export const handInVersions = sqliteTable(
  "hand_in_versions",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** UTC ms of the deposit or removal that made it. */
    at: integer("at").notNull(),
    /** Stored names (task_files) in this version, as JSON. */
    files: text("files").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId, t.version] }), index("hand_in_versions_user_idx").on(t.userId)],
);

/**
 * A teacher's feedback on one student's hand-in: the draft (comment, mark) they edit, and what
 * « Rendre les copies » last published to the student. Students only ever read the published
 * columns; returned files (task_files kind "returned") show to the student once published.
 */
export const handInFeedback = sqliteTable(
  "hand_in_feedback",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Draft: sanitised rich HTML and the mark on the task's scale (null: no mark). */
    comment: text("comment").notNull().default(""),
    mark: real("mark"),
    /** The hand-in version the draft was written for. */
    version: integer("version"),
    updatedAt: integer("updated_at").notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    publishedComment: text("published_comment"),
    publishedMark: real("published_mark"),
    publishedVersion: integer("published_version"),
    /** Null: never returned to the student. */
    publishedAt: integer("published_at"),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index("hand_in_feedback_user_idx").on(t.userId)],
);

/** « Relancer les retardataires »: at most one reminder round per task and Paris day. */
export const handInNudges = sqliteTable(
  "hand_in_nudges",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    parisDay: text("paris_day").notNull(),
    sentAt: integer("sent_at").notNull(),
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    recipients: integer("recipients").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.parisDay] })],
);
