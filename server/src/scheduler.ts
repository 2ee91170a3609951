// The server's one scheduler for timed work: the reminders poll, the daily jobs and the nightly
// backup. croner computes every due time (cron patterns read in Paris time, DST included; fixed
// intervals); this module only arms one timer per job on an injectable Clock, so tests drive
// time by hand. A job never runs twice at once in a process; a failing run is logged and the
// next one is scheduled anyway; a timer that fires early (clock adjusted, machine suspended)
// runs nothing and waits again.
//
// Several nodes on one database: given a claim store (lib/job-runs.ts), a cron job runs a due
// time only on the node that claims it, and holds it by renewing a lease while it runs. Every
// minute each node looks for due times of its cron jobs left behind, cut short by a crash (lease
// run out) or failed, and runs them again (3 attempts at most), until the job's next due time
// comes: that run then stands for it. Poll jobs stay per node, unclaimed: a poll's run is not a
// due time to share, and the reminders claim each delivery themselves (features/reminders).
import { randomUUID } from "node:crypto";
import { Cron } from "croner";
import { systemClock, type Clock } from "./lib/clock";
import { type Claim, MAX_ATTEMPTS, type JobRunStore } from "./lib/job-runs";

/** Every wall-clock job runs in the school's time zone, whatever the server's own. */
export const TIME_ZONE = "Europe/Paris";
/** How often a node looks for runs that others left behind. */
export const SWEEP_MS = 60_000;

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

/** Cron jobs claim each due time in the shared database, and hold it for `leaseMs` at a time while they run. */
export interface JobClaims {
  store: JobRunStore;
  leaseMs: number;
}

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

/** "24/11/2026 03:30" in Paris time, for the logs. */
export function parisLabel(ms: number): string {
  return new Intl.DateTimeFormat("fr-FR", { timeZone: TIME_ZONE, dateStyle: "short", timeStyle: "short" }).format(ms);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const named = (job: { name: string }) => `Tâche planifiée « ${job.name} »`;

/** Runs one due time of `job` on this node alone; a failure is logged, never thrown. */
async function runHere(job: Job, due: number, log: Log): Promise<void> {
  try {
    await job.run(due);
  } catch (error) {
    log("error", `${named(job)} en échec : ${messageOf(error)}`, { error: messageOf(error) });
  }
}

export interface Scheduled {
  /** When the next run is due. */
  nextAt(): number;
  stop(): void;
}

/** Runs one job on its schedule until stopped; `runDue` runs one due time and never throws (default: the job, here). */
export function scheduleJob(
  job: Job,
  log: Log,
  clock: Clock = systemClock,
  runDue: (due: number) => Promise<void> = (due) => runHere(job, due, log),
): Scheduled {
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
      await runDue(due);
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

/** One task at a time per key, in arrival order; tasks never reject (they log their failures). */
function oneAtATime() {
  const tails = new Map<string, Promise<void>>();
  return {
    busy: (key: string) => tails.has(key),
    run(key: string, task: () => Promise<void>): Promise<void> {
      const next = (tails.get(key) ?? Promise.resolve()).then(task);
      tails.set(key, next);
      void next.then(() => {
        if (tails.get(key) === next) tails.delete(key);
      });
      return next;
    },
  };
}

export interface Scheduler {
  /** Identifies this run of the scheduler (one per process start); the owner of its claims. */
  runId: string;
  /** Stops every timer, lease renewals included: to the other nodes, a run in progress then looks cut short. */
  stop(): void;
}

/** Starts every job (cron jobs through `claims` when given); returns a handle that stops them all. */
export function startScheduler(
  jobs: Job[],
  log: Log,
  clock: Clock = systemClock,
  runId: string = randomUUID(),
  claims?: JobClaims,
): Scheduler {
  let stopped = false;
  const timers = new Set<unknown>();
  /** A timer this scheduler's stop() clears. */
  const after = (ms: number, fn: () => Promise<void>) => {
    const handle = clock.setTimeout(() => {
      timers.delete(handle);
      void fn();
    }, ms);
    timers.add(handle);
    return handle;
  };
  const lanes = oneAtATime();
  const cronJobs = new Map(jobs.filter((j) => "cron" in j).map((j) => [j.name, j]));

  /** Renews the claim on `due` every third of the lease until stopped. */
  const holdLease = (store: JobRunStore, leaseMs: number, job: Job, due: number) => {
    let handle: unknown = null;
    let holding = true;
    const renew = async () => {
      try {
        const renewed = await store.renew(job.name, due, runId, leaseMs, clock.now());
        // Released meanwhile: the run has ended and its row says so.
        if (!holding) return;
        if (!renewed) {
          holding = false;
          log("warn", `${named(job)} : réservation expirée, une autre instance a repris l'échéance du ${parisLabel(due)}`);
        }
      } catch (error) {
        log("warn", `${named(job)} : réservation non prolongée (${messageOf(error)})`);
      }
      if (holding && !stopped) handle = after(leaseMs / 3, renew);
    };
    handle = after(leaseMs / 3, renew);
    return () => {
      holding = false;
      timers.delete(handle);
      clock.clearTimeout(handle);
    };
  };

  /** Claims `due`, runs it under a renewed lease and records its end. */
  const runClaimed = async ({ store, leaseMs }: JobClaims, job: Job, due: number) => {
    if (stopped) return;
    let claim: Claim | null;
    try {
      claim = await store.claim(job.name, due, runId, leaseMs, clock.now());
    } catch (error) {
      log("error", `${named(job)} non lancée : réservation impossible (${messageOf(error)})`, { error: messageOf(error) });
      return;
    }
    // Another node holds or finished this due time.
    if (claim === null) return;
    const { attempt, takesOver } = claim;
    const of = `échéance du ${parisLabel(due)}, tentative ${attempt}/${MAX_ATTEMPTS}`;
    if (takesOver === "running") log("warn", `${named(job)} reprise après une interruption (${of})`);
    if (takesOver === "failed") log("warn", `${named(job)} relancée après un échec (${of})`);
    const release = holdLease(store, leaseMs, job, due);
    let failure: string | null = null;
    try {
      await job.run(due);
    } catch (error) {
      failure = messageOf(error);
      const end = attempt < MAX_ATTEMPTS ? "en échec" : "abandonnée après la dernière tentative";
      log("error", `${named(job)} ${end} (${of}) : ${failure}`, { error: failure });
    } finally {
      release();
    }
    try {
      await store.finish(job.name, due, runId, failure, clock.now());
    } catch (error) {
      log("error", `${named(job)} : fin non enregistrée (${messageOf(error)})`, { error: messageOf(error) });
    }
  };

  /** Runs again what other runs of this scheduler's cron jobs left behind, while their due time is the latest. */
  const sweep = async (c: JobClaims) => {
    try {
      const now = clock.now();
      for (const row of await c.store.retryable([...cronJobs.keys()], now)) {
        const job = cronJobs.get(row.name)!;
        // A later due time has come: its own run stands for this one. A run here already: next sweep.
        if (nextDue(job, row.dueAt) <= now || lanes.busy(job.name)) continue;
        void lanes.run(job.name, () => runClaimed(c, job, row.dueAt));
      }
    } catch (error) {
      log("warn", `Reprise des tâches planifiées interrompues impossible : ${messageOf(error)}`, { error: messageOf(error) });
    }
    if (!stopped) after(SWEEP_MS, () => sweep(c));
  };

  const running = jobs.map((job) =>
    claims && cronJobs.has(job.name)
      ? scheduleJob(job, log, clock, (due) => lanes.run(job.name, () => runClaimed(claims, job, due)))
      : scheduleJob(job, log, clock),
  );
  if (claims && cronJobs.size > 0) after(SWEEP_MS, () => sweep(claims));
  return {
    runId,
    stop: () => {
      stopped = true;
      for (const r of running) r.stop();
      for (const handle of timers) clock.clearTimeout(handle);
      timers.clear();
    },
  };
}
