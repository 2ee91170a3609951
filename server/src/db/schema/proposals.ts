import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tasks } from "./tasks";
import { users } from "./users";

/**
 * A task a student proposes for their class (the original Planify's EventProposal): the fields of
 * a task, pending until a delegate, teacher or admin validates it (it becomes a class task,
 * `taskId`, credited to its author) or rejects it (`rejectReason`, shown to the author).
 */
export const taskProposals = sqliteTable(
  "task_proposals",
  {
    id: text("id").primaryKey(),
    titre: text("titre").notNull(),
    type: text("type", { enum: ["devoir", "exam"] }).notNull(),
    matiere: text("matiere").notNull(),
    /** Paris local date "YYYY-MM-DD" and time "HH:MM", and their UTC ms. */
    date: text("date").notNull(),
    heure: text("heure").notNull(),
    deadlineAt: integer("deadline_at").notNull(),
    description: text("description").notNull().default(""),
    year: text("year").notNull(),
    /** Empty: every speciality. */
    specialite: text("specialite").notNull().default(""),
    /** Main group; the full list is in task_proposal_groups. */
    groupe: text("groupe").notNull().default("Promo"),
    submissionEnabled: integer("submission_enabled", { mode: "boolean" }).notNull().default(false),
    proposedBy: text("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "validated", "rejected", "withdrawn"] })
      .notNull()
      .default("pending"),
    rejectReason: text("reject_reason"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at"),
    /** The class task a validation made. */
    taskId: text("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /** UTC ms. */
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("task_proposals_status_idx").on(t.status, t.year, t.createdAt),
    index("task_proposals_author_idx").on(t.proposedBy, t.createdAt),
  ],
);

/** The groups a proposal is for (one row each; "Promo" means the whole year). */
export const taskProposalGroups = sqliteTable(
  "task_proposal_groups",
  {
    proposalId: text("proposal_id")
      .notNull()
      .references(() => taskProposals.id, { onDelete: "cascade" }),
    groupe: text("groupe").notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.groupe] })],
);

/** Files attached to a proposal; a validation moves them to the task (same stored names). */
export const taskProposalFiles = sqliteTable(
  "task_proposal_files",
  {
    storedName: text("stored_name").primaryKey(),
    proposalId: text("proposal_id")
      .notNull()
      .references(() => taskProposals.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    ext: text("ext").notNull(),
    size: integer("size").notNull(),
    /** UTC ms. */
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("task_proposal_files_proposal_idx").on(t.proposalId)],
);

/**
 * One classmate's own state of a proposal: taken into their list (`accepted`), checked, archived,
 * or dismissed from their feed (the original's per-user `rejectedBy`).
 */
export const taskProposalStates = sqliteTable(
  "task_proposal_states",
  {
    proposalId: text("proposal_id")
      .notNull()
      .references(() => taskProposals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accepted: integer("accepted", { mode: "boolean" }).notNull().default(false),
    checked: integer("checked", { mode: "boolean" }).notNull().default(false),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    dismissed: integer("dismissed", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.userId] }), index("task_proposal_states_user_idx").on(t.userId)],
);

/** Authors a student muted (the original's mutedProposers): their proposals leave that student's feed. */
export const proposalMutes = sqliteTable(
  "proposal_mutes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedId: text("muted_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** UTC ms. */
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mutedId] })],
);
