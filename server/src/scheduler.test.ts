import { describe, expect, it } from "vitest";
import { fakeClock } from "./backup/test-support";
import { nextDue, scheduleJob, startScheduler } from "./scheduler";

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
    expect(logged).toEqual(["error scheduled job failed: reminders SMTP indisponible"]);
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
