// The server's one scheduler for recurring work (reminders today). Every job runs on its own
// interval, never twice at once; a failing run is logged and the next one is scheduled
// anyway. On several nodes only the holder of the scheduler lock would start it.
// The nightly backup keeps its own Paris-time schedule (backup/schedule.ts), started here too.
import { randomUUID } from "node:crypto";
import { systemClock, type Clock } from "./lib/clock";

export interface Job {
  name: string;
  everyMs: number;
  /** Delay before the first run (a restart retries what a crash left in flight soon). */
  firstAfterMs?: number;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Identifies this run of the scheduler (one per process start). */
  runId: string;
  stop(): void;
}

type Log = (level: "info" | "warn" | "error", message: string, extra?: Record<string, unknown>) => void;

/** Starts every job; returns a handle that stops them all. */
export function startScheduler(jobs: Job[], log: Log, clock: Clock = systemClock, runId = randomUUID()): Scheduler {
  let stopped = false;
  const handles = new Map<string, unknown>();
  for (const job of jobs) {
    const arm = (ms: number) => {
      if (!stopped)
        handles.set(
          job.name,
          clock.setTimeout(() => void fire(), ms),
        );
    };
    const fire = async () => {
      if (stopped) return;
      try {
        await job.run();
      } catch (error) {
        log("error", `scheduled job failed: ${job.name}`, { error: error instanceof Error ? error.message : String(error) });
      } finally {
        arm(job.everyMs);
      }
    };
    arm(job.firstAfterMs ?? job.everyMs);
  }
  return {
    runId,
    stop() {
      stopped = true;
      for (const h of handles.values()) clock.clearTimeout(h);
    },
  };
}
