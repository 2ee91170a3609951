import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/helpers";
import { fakeClock } from "./backup/test-support";
import { jobRuns } from "./db/schema";
import { jobRunStore, MAX_ATTEMPTS, type JobRunStore } from "./lib/job-runs";
import { type Job, nextDue, parisLabel, scheduleJob, startScheduler } from "./scheduler";

const utc = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("the scheduler (croner, Paris time)", () => {
  it("a job at 08:00 Paris fires at 08:00 on the wall clock on both sides of the autumn DST change", async () => {
    const fake = fakeClock(utc("2026-10-24T12:00:00Z"));
    const runs: string[] = [];
    const job = scheduleJob(
      { name: "matin", cron: "0 8 * * *", run: async (due) => void runs.push(iso(due)) },
      () => undefined,
      fake.clock,
    );
    // Saturday 24 October is CEST (UTC+2); Sunday 25 and Monday 26 are CET (UTC+1).
    expect(fake.pending()).toEqual(["2026-10-25T07:00:00.000Z"]);
    await fake.set(utc("2026-10-25T07:00:00Z"));
    await fake.set(utc("2026-10-26T07:00:01Z"));
    expect(runs).toEqual(["2026-10-25T07:00:00.000Z", "2026-10-26T07:00:00.000Z"]);
    expect(iso(job.nextAt())).toBe("2026-10-27T07:00:00.000Z");
    job.stop();
    expect(fake.pending()).toEqual([]);
  });

  it("croner's next run from fixed dates: 03:30 Paris is 01:30 UTC in summer and 02:30 UTC in winter, never 02:30 in the skipped hour", () => {
    expect(iso(nextDue({ cron: "30 3 * * *" }, utc("2026-03-28T12:00:00Z")))).toBe("2026-03-29T01:30:00.000Z");
    expect(iso(nextDue({ cron: "30 3 * * *" }, utc("2026-10-24T12:00:00Z")))).toBe("2026-10-25T02:30:00.000Z");
    // 02:30 does not exist on 29 March 2026 in Paris: the job runs when clocks jump to 03:00.
    expect(iso(nextDue({ cron: "30 2 * * *" }, utc("2026-03-28T12:00:00Z")))).toBe("2026-03-29T01:00:00.000Z");
    // 02:30 happens twice on 25 October: the job runs once.
    expect(iso(nextDue({ cron: "30 2 * * *" }, utc("2026-10-24T12:00:00Z")))).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(nextDue({ cron: "30 2 * * *" }, utc("2026-10-25T00:30:00Z")))).toBe("2026-10-26T01:30:00.000Z");
  });

  it("a poll runs first after firstAfterMs, then never sooner than its interval after a run; a failure is logged and the next run still comes", async () => {
    const fake = fakeClock(utc("2026-11-23T12:00:00.250Z"));
    const logged: string[] = [];
    let calls = 0;
    const scheduler = startScheduler(
      [
        {
          name: "reminders",
          everySeconds: 30,
          firstAfterMs: 1000,
          run: async () => {
            calls++;
            if (calls === 1) throw new Error("SMTP indisponible");
          },
        },
      ],
      (level, message, extra) => void logged.push(`${level} ${message} ${String(extra?.error)}`),
      fake.clock,
      "00000000-0000-4000-8000-000000000001",
    );
    expect(scheduler.runId).toBe("00000000-0000-4000-8000-000000000001");
    expect(fake.pending()).toEqual(["2026-11-23T12:00:01.250Z"]);
    await fake.set(utc("2026-11-23T12:00:01.250Z"));
    expect(calls).toBe(1);
    expect(logged).toEqual(["error Tâche planifiée « reminders » en échec : SMTP indisponible SMTP indisponible"]);
    expect(fake.pending()).toEqual(["2026-11-23T12:00:32.000Z"]);
    await fake.fireAll(); // early: nothing runs
    expect(calls).toBe(1);
    await fake.set(utc("2026-11-23T12:00:32Z"));
    expect(calls).toBe(2);
    expect(fake.pending()).toEqual(["2026-11-23T12:01:02.000Z"]);
    scheduler.stop();
    expect(fake.pending()).toEqual([]);
  });
});

// Cron jobs claimed in one database by several nodes (lib/job-runs.ts). The nodes share a
// hand-driven clock; time moves from one timer to the next, and each step waits for the
// database work it started (counted by a wrapper of the store) before the next.
const LEASE = 120_000;
const paris = (ms: number) => parisLabel(ms);
let ctx: TestContext | undefined;
afterEach(() => ctx?.close());

interface Spec {
  name: string;
  cron: string;
  /** How long a run lasts on the clock. */
  takesMs?: number;
  fails?: boolean;
}

function cluster(start: string) {
  ctx = createTestApp();
  const fake = fakeClock(utc(start));
  const base = jobRunStore(ctx.deps.db);
  let inflight = 0;
  const tracked =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      inflight++;
      try {
        return await fn(...args);
      } finally {
        inflight--;
      }
    };
  const store: JobRunStore = {
    claim: tracked(base.claim),
    renew: tracked(base.renew),
    finish: tracked(base.finish),
    retryable: tracked(base.retryable),
    prune: tracked(base.prune),
  };
  const settle = async () => {
    for (let quiet = 0; quiet < 3; quiet = inflight === 0 ? quiet + 1 : 0) await Bun.sleep(1);
  };
  const logs: string[] = [];
  /** "privacy 2026-11-23T03:15:00.000Z" for each run started, and again in `done` for each run that ended well. */
  const started: { key: string; at: number; node: string }[] = [];
  const done: { key: string; node: string }[] = [];
  let nodes = 0;
  /** Starts a node: a scheduler with a run id of its own over the shared database. */
  const node = (specs: Spec[], extra: Job[] = []) => {
    const id = `node-${++nodes}`;
    let alive = true;
    const jobs: Job[] = specs.map((spec) => ({
      name: spec.name,
      cron: spec.cron,
      run: async (due: number) => {
        const key = `${spec.name} ${iso(due)}`;
        started.push({ key, at: fake.clock.now(), node: id });
        if (spec.takesMs) await new Promise<void>((resolve) => fake.clock.setTimeout(resolve, spec.takesMs!));
        // A crashed node gets no further.
        if (!alive) await new Promise(() => {});
        if (spec.fails) throw new Error("panne");
        done.push({ key, node: id });
      },
    }));
    const scheduler = startScheduler([...jobs, ...extra], (level, message) => void logs.push(`${level} ${message}`), fake.clock, id, {
      store,
      leaseMs: LEASE,
    });
    return {
      id,
      /** The process dies: no more timers, no renewals, its runs never end. */
      crash() {
        alive = false;
        scheduler.stop();
      },
      stop: () => scheduler.stop(),
    };
  };
  return {
    fake,
    logs,
    started,
    done,
    node,
    rows: () => ctx!.deps.db.select().from(jobRuns),
    /** Moves time to `target`, firing every timer on the way at its own instant. */
    async advanceTo(target: string) {
      for (;;) {
        await settle();
        const next = Math.min(...fake.pending().map(Date.parse));
        if (!(next <= utc(target))) break;
        await fake.set(Math.max(next, fake.clock.now()));
      }
      await fake.set(utc(target));
      await settle();
    },
  };
}

/** The due times of `cron` in (from, to], as the runs' keys. */
function duesOf(name: string, cron: string, from: string, to: string): string[] {
  const keys: string[] = [];
  for (let due = nextDue({ cron }, utc(from)); due <= utc(to); due = nextDue({ cron }, due)) keys.push(`${name} ${iso(due)}`);
  return keys;
}

describe("cron jobs claimed across nodes (one database)", () => {
  it("two nodes with the same cron jobs: each due time runs once, on one of them; a poll runs on each node", async () => {
    const c = cluster("2026-11-23T02:58:00Z");
    const specs = [
      { name: "tick", cron: "*/5 * * * *", takesMs: 20_000 },
      { name: "privacy", cron: "15 4 * * *", takesMs: 20_000 },
    ];
    const polls: string[] = [];
    const poll = (id: string): Job => ({ name: "reminders", everySeconds: 600, run: async () => void polls.push(id) });
    const a = c.node(specs, [poll("node-1")]);
    const b = c.node(specs, [poll("node-2")]);
    await c.advanceTo("2026-11-23T04:03:00Z");
    a.stop();
    b.stop();
    const expected = [
      ...duesOf("tick", "*/5 * * * *", "2026-11-23T02:58:00Z", "2026-11-23T04:02:00Z"),
      "privacy 2026-11-23T03:15:00.000Z",
    ].sort();
    expect(expected).toHaveLength(14);
    expect(c.started.map((r) => r.key).sort()).toEqual(expected);
    expect(c.done.map((r) => r.key).sort()).toEqual(expected);
    expect((await c.rows()).map((r) => [r.status, r.attempts])).toEqual(expected.map(() => ["done", 1]));
    expect(polls.filter((p) => p === "node-1").length).toBeGreaterThanOrEqual(6);
    expect(polls.filter((p) => p === "node-2").length).toBeGreaterThanOrEqual(6);
    expect(c.logs).toEqual([]);
  });

  it("a node that dies mid-run: the other runs that due time again once the lease is over, and only then", async () => {
    const c = cluster("2026-11-23T03:10:00Z");
    const specs = [{ name: "privacy", cron: "15 4 * * *", takesMs: 5 * 60_000 }];
    const nodes = [c.node(specs), c.node(specs)];
    await c.advanceTo("2026-11-23T03:16:00Z");
    const [row] = await c.rows();
    const holder = nodes.find((n) => n.id === row!.owner)!;
    const other = nodes.find((n) => n !== holder)!;
    // Renewed at 03:15:40, so held until 03:17:40.
    holder.crash();
    await c.advanceTo("2026-11-23T03:17:40Z");
    expect(c.started).toHaveLength(1);
    await c.advanceTo("2026-11-23T03:30:00Z");
    other.stop();
    expect(c.started.map((r) => [r.key, r.node])).toEqual([
      ["privacy 2026-11-23T03:15:00.000Z", holder.id],
      ["privacy 2026-11-23T03:15:00.000Z", other.id],
    ]);
    expect(c.started[1]!.at).toBeGreaterThan(utc("2026-11-23T03:17:40Z"));
    expect(c.started[1]!.at).toBeLessThanOrEqual(utc("2026-11-23T03:18:40Z"));
    expect(c.done).toEqual([{ key: "privacy 2026-11-23T03:15:00.000Z", node: other.id }]);
    expect(c.logs).toEqual([
      `warn Tâche planifiée « privacy » reprise après une interruption (échéance du ${paris(utc("2026-11-23T03:15:00Z"))}, tentative 2/3)`,
    ]);
    expect(await c.rows()).toMatchObject([{ status: "done", owner: other.id, attempts: 2 }]);
  });

  it(`a failing run is tried again by the nodes, ${MAX_ATTEMPTS} attempts in all, each logged in French`, async () => {
    const c = cluster("2026-11-23T03:10:00Z");
    const specs = [{ name: "privacy", cron: "15 4 * * *", fails: true }];
    const nodes = [c.node(specs), c.node(specs)];
    await c.advanceTo("2026-11-23T03:40:00Z");
    for (const n of nodes) n.stop();
    expect(c.started.map((r) => r.key)).toEqual(Array(MAX_ATTEMPTS).fill("privacy 2026-11-23T03:15:00.000Z"));
    expect(c.done).toEqual([]);
    const of = (n: number) => `échéance du 23/11/2026 04:15, tentative ${n}/3`;
    expect(c.logs).toEqual([
      `error Tâche planifiée « privacy » en échec (${of(1)}) : panne`,
      `warn Tâche planifiée « privacy » relancée après un échec (${of(2)})`,
      `error Tâche planifiée « privacy » en échec (${of(2)}) : panne`,
      `warn Tâche planifiée « privacy » relancée après un échec (${of(3)})`,
      `error Tâche planifiée « privacy » abandonnée après la dernière tentative (${of(3)}) : panne`,
    ]);
    expect(await c.rows()).toMatchObject([{ status: "failed", attempts: 3, error: "panne" }]);
  });

  it("never two runs of a job at once in a process: a due time waits for the retry in progress", async () => {
    const c = cluster("2026-11-23T02:59:30Z");
    let first = true;
    const flaky: Job = {
      name: "flaky",
      cron: "*/2 * * * *",
      run: async (due) => {
        c.started.push({ key: `flaky ${iso(due)}`, at: c.fake.clock.now(), node: "node-1" });
        if (first) {
          first = false;
          throw new Error("panne");
        }
        await new Promise<void>((resolve) => c.fake.clock.setTimeout(resolve, 5 * 60_000));
      },
    };
    let running = 0;
    let mostAtOnce = 0;
    const counted: Job = {
      ...flaky,
      run: async (due) => {
        mostAtOnce = Math.max(mostAtOnce, ++running);
        try {
          await flaky.run(due);
        } finally {
          running--;
        }
      },
    };
    const n = c.node([], [counted]);
    await c.advanceTo("2026-11-23T03:14:00Z");
    n.stop();
    expect(mostAtOnce).toBe(1);
    expect(c.started.map((r) => `${r.key} @${iso(r.at).slice(11, 19)}`)).toEqual([
      "flaky 2026-11-23T03:00:00.000Z @03:00:00",
      "flaky 2026-11-23T03:00:00.000Z @03:00:30",
      "flaky 2026-11-23T03:02:00.000Z @03:05:30",
      "flaky 2026-11-23T03:12:00.000Z @03:12:00",
    ]);
  });

  it("20 restarts through a night, some in the middle of a run: each job runs once per due time", async () => {
    const c = cluster("2026-11-23T02:00:00Z");
    const specs: Spec[] = [
      { name: "nightly-backup", cron: "30 3 * * *", takesMs: 90_000 },
      { name: "privacy", cron: "15 4 * * *", takesMs: 90_000 },
      { name: "sessions-purge", cron: "20 4 * * *", takesMs: 90_000 },
      { name: "tick", cron: "*/10 * * * *", takesMs: 90_000 },
    ];
    let current = c.node(specs);
    // Every 9 minutes from 02:04:07 UTC (03:04:07 Paris): five land while runs are under way, six runs cut short.
    for (let i = 0; i < 20; i++) {
      await c.advanceTo(new Date(utc("2026-11-23T02:04:07Z") + i * 9 * 60_000).toISOString());
      current.crash();
      current = c.node(specs);
    }
    await c.advanceTo("2026-11-23T05:19:00Z");
    current.stop();
    const expected = specs.flatMap((s) => duesOf(s.name, s.cron, "2026-11-23T02:00:00Z", "2026-11-23T05:15:00Z")).sort();
    expect(expected).toHaveLength(1 + 1 + 1 + 19);
    expect(c.done.map((r) => r.key).sort()).toEqual(expected);
    const retried = c.logs.filter((l) => l.includes("reprise après une interruption"));
    // Sorted: two runs cut short together are taken over in one sweep, in either order.
    expect(
      retried.map((l) => l.replace(/^warn Tâche planifiée « (.*) » reprise .*échéance du \S+ (\S+), tentative 2\/3\)$/, "$1 $2")).sort(),
    ).toEqual(["nightly-backup 03:30", "privacy 04:15", "tick 03:30", "tick 03:40", "tick 05:00", "tick 05:10"]);
    expect(c.logs.filter((l) => !retried.includes(l))).toEqual([]);
    expect(c.started).toHaveLength(expected.length + retried.length);
    expect((await c.rows()).every((r) => r.status === "done")).toBe(true);
  });
});
