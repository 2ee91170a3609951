import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { int } from "./columns";

/** One row per due time of a timed job run once across nodes (see ../schema/job-runs.ts). */
export const jobRuns = pgTable(
  "job_runs",
  {
    name: text("name").notNull(),
    dueAt: int("due_at").notNull(),
    status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
    owner: text("owner").notNull(),
    leaseUntil: int("lease_until").notNull(),
    attempts: int("attempts").notNull(),
    startedAt: int("started_at").notNull(),
    finishedAt: int("finished_at"),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.name, t.dueAt] })],
);
