import { boolean, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { tasks } from "./tasks";
import { users } from "./users";

// Task proposals, their groups, files and classmates' states (see ../schema/proposals.ts).

export const taskProposals = pgTable(
  "task_proposals",
  {
    id: text("id").primaryKey(),
    titre: text("titre").notNull(),
    type: text("type", { enum: ["devoir", "exam"] }).notNull(),
    matiere: text("matiere").notNull(),
    date: text("date").notNull(),
    heure: text("heure").notNull(),
    deadlineAt: int("deadline_at").notNull(),
    description: text("description").notNull().default(""),
    year: text("year").notNull(),
    specialite: text("specialite").notNull().default(""),
    groupe: text("groupe").notNull().default("Promo"),
    submissionEnabled: boolean("submission_enabled").notNull().default(false),
    proposedBy: text("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "validated", "rejected", "withdrawn"] })
      .notNull()
      .default("pending"),
    rejectReason: text("reject_reason"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: int("reviewed_at"),
    taskId: text("task_id").references(() => tasks.id, { onDelete: "set null" }),
    createdAt: int("created_at").notNull(),
    updatedAt: int("updated_at").notNull(),
  },
  (t) => [
    index("task_proposals_status_idx").on(t.status, t.year, t.createdAt),
    index("task_proposals_author_idx").on(t.proposedBy, t.createdAt),
  ],
);

export const taskProposalGroups = pgTable(
  "task_proposal_groups",
  {
    proposalId: text("proposal_id")
      .notNull()
      .references(() => taskProposals.id, { onDelete: "cascade" }),
    groupe: text("groupe").notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.groupe] })],
);

export const taskProposalFiles = pgTable(
  "task_proposal_files",
  {
    storedName: text("stored_name").primaryKey(),
    proposalId: text("proposal_id")
      .notNull()
      .references(() => taskProposals.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    ext: text("ext").notNull(),
    size: int("size").notNull(),
    createdAt: int("created_at").notNull(),
  },
  (t) => [index("task_proposal_files_proposal_idx").on(t.proposalId)],
);

export const taskProposalStates = pgTable(
  "task_proposal_states",
  {
    proposalId: text("proposal_id")
      .notNull()
      .references(() => taskProposals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accepted: boolean("accepted").notNull().default(false),
    checked: boolean("checked").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    dismissed: boolean("dismissed").notNull().default(false),
    updatedAt: int("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.userId] }), index("task_proposal_states_user_idx").on(t.userId)],
);

export const proposalMutes = pgTable(
  "proposal_mutes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedId: text("muted_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: int("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mutedId] })],
);
