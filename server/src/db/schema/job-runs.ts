import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per due time of a timed job that runs once across nodes (lib/job-runs.ts): the
 * primary key lets one node claim a due time; the lease tells the others when a run was cut
 * short by a crash, and `attempts` caps how often it is tried. Rows past 30 days are pruned.
 */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    /** The scheduler's job name ("privacy", "nightly-backup"…). */
    name: text("name").notNull(),
    /** The instant this run was due (ms). */
    dueAt: integer("due_at").notNull(),
    status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
    /** The run id of the scheduler (one per process start) that holds or last held the run. */
    owner: text("owner").notNull(),
    /** Until when (ms) the owner's claim holds: it renews it while the job runs. */
    leaseUntil: integer("lease_until").notNull(),
    /** Runs started for this due time, the first included. */
    attempts: integer("attempts").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    /** The last failure's message (500 characters at most). */
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.name, t.dueAt] })],
);
