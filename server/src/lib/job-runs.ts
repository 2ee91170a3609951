// Runs of timed jobs that must happen once across nodes (the scheduler's cron jobs): a node runs a
// due time only after claiming its row of job_runs. Every write is one conditional statement (a
// takeover's update compares the row with what was read just before), so the database settles a
// race between nodes on both engines (SQLite's one writer; PostgreSQL's row lock, with the WHERE
// read again once the lock is held) without a transaction of our own.
import { and, eq, inArray, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { first } from "../db/engine";
import { jobRuns } from "../db/schema";

/** Runs started for one due time at most: a job that fails, or kills its process, every time stops there. */
export const MAX_ATTEMPTS = 3;
/** Finished rows are kept this long, for an admin reading the table; older ones are pruned. */
export const KEEP_MS = 30 * 86_400_000;
const ERROR_MAX = 500;

/** A due time another run left behind: cut short (`running`, lease expired) or `failed`. */
export interface RetryableRun {
  name: string;
  dueAt: number;
  status: "running" | "failed";
  attempts: number;
}

/** A due time this node got: its attempt number (1 for the first) and what it takes over, for the logs. */
export interface Claim {
  attempt: number;
  /** The previous attempt's state: cut short (`running`, lease expired), `failed`, or null for the first attempt. */
  takesOver: "running" | "failed" | null;
}

/** The claim protocol the scheduler follows for its cron jobs (lib/job-runs.ts over the database). */
export interface JobRunStore {
  /** Claims the run of `name` due at `dueAt` for `owner`; null when another node holds or finished it. */
  claim(name: string, dueAt: number, owner: string, leaseMs: number, now: number): Promise<Claim | null>;
  /** Extends the owner's lease; false when the run is no longer the owner's (taken over after its lease ran out). */
  renew(name: string, dueAt: number, owner: string, leaseMs: number, now: number): Promise<boolean>;
  /** Records the end of the owner's run (`error`: null when it succeeded), then prunes old rows; false when it was no longer the owner's. */
  finish(name: string, dueAt: number, owner: string, error: string | null, now: number): Promise<boolean>;
  /** The due times of these jobs that another attempt may take over now. */
  retryable(names: readonly string[], now: number): Promise<RetryableRun[]>;
  /** Deletes rows due over 30 days ago whose lease is over; returns how many went. */
  prune(now: number): Promise<number>;
}

const run = (name: string, dueAt: number) => and(eq(jobRuns.name, name), eq(jobRuns.dueAt, dueAt));
const heldBy = (name: string, dueAt: number, owner: string) =>
  and(run(name, dueAt), eq(jobRuns.owner, owner), eq(jobRuns.status, "running"));
/** A run that may start again: cut short (its owner stopped renewing) or failed, and not yet tried MAX_ATTEMPTS times. */
const takeable = (now: number) =>
  and(
    lt(jobRuns.attempts, MAX_ATTEMPTS),
    or(and(eq(jobRuns.status, "running"), lt(jobRuns.leaseUntil, now)), eq(jobRuns.status, "failed")),
  );

/** The store of job_runs over the school's database (either engine). */
export function jobRunStore(db: Db): JobRunStore {
  const prune = async (now: number) => {
    const gone = await db
      .delete(jobRuns)
      .where(and(lt(jobRuns.dueAt, now - KEEP_MS), lt(jobRuns.leaseUntil, now)))
      .returning({ name: jobRuns.name });
    return gone.length;
  };
  return {
    async claim(name, dueAt, owner, leaseMs, now) {
      const fresh = await first(
        db
          .insert(jobRuns)
          .values({ name, dueAt, status: "running", owner, leaseUntil: now + leaseMs, attempts: 1, startedAt: now })
          .onConflictDoNothing()
          .returning({ attempts: jobRuns.attempts }),
      );
      if (fresh) return { attempt: 1, takesOver: null };
      // Taking over: what the row held is read first, and the update applies only if it still holds
      // it, so the one node that wins knows what it took over (a crash or a failure).
      const seen = await first(
        db
          .select({ status: jobRuns.status, attempts: jobRuns.attempts })
          .from(jobRuns)
          .where(and(run(name, dueAt), takeable(now))),
      );
      if (!seen) return null;
      const taken = await first(
        db
          .update(jobRuns)
          .set({ status: "running", owner, leaseUntil: now + leaseMs, attempts: seen.attempts + 1, startedAt: now, finishedAt: null })
          .where(and(run(name, dueAt), eq(jobRuns.status, seen.status), eq(jobRuns.attempts, seen.attempts), takeable(now)))
          .returning({ attempts: jobRuns.attempts }),
      );
      return taken ? { attempt: taken.attempts, takesOver: seen.status === "failed" ? "failed" : "running" } : null;
    },

    async renew(name, dueAt, owner, leaseMs, now) {
      const renewed = await first(
        db
          .update(jobRuns)
          .set({ leaseUntil: now + leaseMs })
          .where(heldBy(name, dueAt, owner))
          .returning({ name: jobRuns.name }),
      );
      return renewed !== undefined;
    },

    async finish(name, dueAt, owner, error, now) {
      const finished = await first(
        db
          .update(jobRuns)
          .set({
            status: error === null ? "done" : "failed",
            finishedAt: now,
            error: error === null ? null : [...error].slice(0, ERROR_MAX).join(""),
          })
          .where(heldBy(name, dueAt, owner))
          .returning({ name: jobRuns.name }),
      );
      // A few rows a day at most: pruning at each end keeps the table bounded with no job of its own.
      await prune(now);
      return finished !== undefined;
    },

    async retryable(names, now) {
      if (names.length === 0) return [];
      const rows = await db
        .select({ name: jobRuns.name, dueAt: jobRuns.dueAt, status: jobRuns.status, attempts: jobRuns.attempts })
        .from(jobRuns)
        .where(and(inArray(jobRuns.name, [...names]), takeable(now)))
        .orderBy(jobRuns.dueAt);
      return rows.map((r) => ({ ...r, status: r.status === "failed" ? "failed" : "running" }));
    },

    prune,
  };
}
