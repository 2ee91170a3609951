// The server's one scheduler for timed work: the reminders poll and the nightly backup.
// croner computes every due time (cron patterns read in Paris time, DST included; fixed
// intervals); this module only arms one timer per job on an injectable Clock, so tests drive
// time by hand. A job never runs twice at once; a failing run is logged and the next one is
// scheduled anyway; a timer that fires early (clock adjusted, machine suspended) runs nothing
// and waits again. On several nodes only the holder of the scheduler lock would start it.
import { randomUUID } from "node:crypto";
import { Cron } from "croner";
import { systemClock, type Clock } from "./lib/clock";

/** Every wall-clock job runs in the school's time zone, whatever the server's own. */
export const TIME_ZONE = "Europe/Paris";

type When =
  /** A croner pattern read in Paris time: "30 3 * * *" is every night at 03:30. */
  | { cron: string }
  /** Seconds from the end of one run to the next (a poll). */
  | { everySeconds: number };

export type Job = When & {
  name: string;
  /** Delay before the first run (a restart retries what a crash left in flight soon); default: the first due time. */
  firstAfterMs?: number;
  /** `dueAt`: the instant this run was due (the nightly backup names its archive after it). */
  run(dueAt: number): Promise<unknown>;
};

type Log = (level: "info" | "warn" | "error", message: string, extra?: Record<string, unknown>) => void;

/** The next due instant strictly after `fromMs`, per croner. */
export function nextDue(when: When, fromMs: number): number {
  const cron =
    "cron" in when
      ? new Cron(when.cron, { timezone: TIME_ZONE, paused: true })
      : new Cron("* * * * * *", { timezone: TIME_ZONE, interval: when.everySeconds, paused: true });
  // croner's interval counts whole seconds from the previous run: start from the next whole
  // second so a poll never comes sooner than `everySeconds` after the last one ended.
  const next = cron.nextRun(new Date("cron" in when ? fromMs : Math.ceil(fromMs / 1000) * 1000));
  if (!next) throw new Error(`Planification impossible : aucune échéance après ${new Date(fromMs).toISOString()}`);
  return next.getTime();
}

export interface Scheduled {
  /** When the next run is due. */
  nextAt(): number;
  stop(): void;
}

/** Runs one job on its schedule until stopped. */
export function scheduleJob(job: Job, log: Log, clock: Clock = systemClock): Scheduled {
  let due = job.firstAfterMs !== undefined ? clock.now() + job.firstAfterMs : nextDue(job, clock.now());
  let handle: unknown = null;
  let stopped = false;
  const arm = () => {
    if (!stopped) handle = clock.setTimeout(() => void fire(), Math.max(0, due - clock.now()));
  };
  const fire = async () => {
    if (stopped) return;
    if (clock.now() < due) return arm();
    try {
      await job.run(due);
    } catch (error) {
      log("error", `scheduled job failed: ${job.name}`, { error: error instanceof Error ? error.message : String(error) });
    } finally {
      due = nextDue(job, Math.max(clock.now(), due));
      arm();
    }
  };
  arm();
  return {
    nextAt: () => due,
    stop() {
      stopped = true;
      clock.clearTimeout(handle);
    },
  };
}

export interface Scheduler {
  /** Identifies this run of the scheduler (one per process start). */
  runId: string;
  stop(): void;
}

/** Starts every job; returns a handle that stops them all. */
export function startScheduler(jobs: Job[], log: Log, clock: Clock = systemClock, runId = randomUUID()): Scheduler {
  const running = jobs.map((job) => scheduleJob(job, log, clock));
  return {
    runId,
    stop: () => {
      for (const r of running) r.stop();
    },
  };
}
