import { boolean, doublePrecision, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { tasks } from "./tasks";
import { users } from "./users";

// Hand-in overrides, versions, feedback and reminder rounds (see ../schema/hand-ins.ts).

export const handInOverrides = pgTable(
  "hand_in_overrides",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deadlineAt: int("deadline_at"),
    exempt: boolean("exempt").notNull().default(false),
    reopenedAt: int("reopened_at"),
    updatedAt: int("updated_at").notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index("hand_in_overrides_user_idx").on(t.userId)],
);

export const handInVersions = pgTable(
  "hand_in_versions",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: int("version").notNull(),
    at: int("at").notNull(),
    files: text("files").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId, t.version] }), index("hand_in_versions_user_idx").on(t.userId)],
);

export const handInFeedback = pgTable(
  "hand_in_feedback",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    comment: text("comment").notNull().default(""),
    mark: doublePrecision("mark"),
    version: int("version"),
    updatedAt: int("updated_at").notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    publishedComment: text("published_comment"),
    publishedMark: doublePrecision("published_mark"),
    publishedVersion: int("published_version"),
    publishedAt: int("published_at"),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index("hand_in_feedback_user_idx").on(t.userId)],
);

export const handInNudges = pgTable(
  "hand_in_nudges",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    parisDay: text("paris_day").notNull(),
    sentAt: int("sent_at").notNull(),
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    recipients: int("recipients").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.parisDay] })],
);
