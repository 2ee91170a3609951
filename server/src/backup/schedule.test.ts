import { describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parisToUtc } from "@planify/common/time/paris-time";
import { backupsToPrune, isoWeek, nextRunAt, NIGHTLY_BACKUP, parseScheduledName, pruneBackups, scheduledName } from "./schedule";
import { scheduleJob } from "../scheduler";
import { fakeClock } from "./test-support";

const utc = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("next nightly run (03:30 Paris)", () => {
  const rows: [what: string, now: string, next: string][] = [
    ["winter afternoon → tomorrow 03:30 CET", "2026-11-23T14:00:00.000Z", "2026-11-24T02:30:00.000Z"],
    ["winter night before 03:30 → today", "2026-11-23T01:00:00.000Z", "2026-11-23T02:30:00.000Z"],
    ["exactly at 03:30 → tomorrow", "2026-11-23T02:30:00.000Z", "2026-11-24T02:30:00.000Z"],
    ["summer → 03:30 CEST", "2026-07-14T12:00:00.000Z", "2026-07-15T01:30:00.000Z"],
    ["the night clocks go forward (22.5 h later)", "2026-03-28T03:00:00.000Z", "2026-03-29T01:30:00.000Z"],
    ["the night clocks go back (24.5 h later)", "2026-10-24T02:00:00.000Z", "2026-10-25T02:30:00.000Z"],
    ["New Year's Eve → next year", "2026-12-31T20:00:00.000Z", "2027-01-01T02:30:00.000Z"],
  ];
  for (const [what, now, next] of rows) it(what, () => expect(iso(nextRunAt(utc(now)))).toBe(next));
});

describe("scheduled backup names", () => {
  it("carry their UTC instant and nothing else matches", () => {
    const at = utc("2026-10-25T02:30:00.000Z");
    expect(scheduledName(at)).toBe("planify-auto-20261025T023000Z.tar");
    expect(parseScheduledName(scheduledName(at))).toBe(at);
    for (const other of [
      "sauvegarde.tar",
      "planify-avant-migration-20261025T023000Z.tar",
      "planify-auto-20261025T023000Z.tar.partiel-12",
    ]) {
      expect(parseScheduledName(other)).toBeNull();
    }
  });

  it("ISO weeks follow their Thursday", () => {
    expect(isoWeek("2026-01-01")).toBe("2026-W01");
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2026-11-09")).toBe("2026-W46");
    expect(isoWeek("2026-11-08")).toBe("2026-W45");
  });
});

describe("retention: 7 daily, 4 weekly", () => {
  // One backup each night at 03:30 Paris from 1 Oct to 9 Nov 2026 (across the October
  // clock change), plus an earlier extra one on the last day.
  const nightly: string[] = [];
  for (let d = new Date("2026-10-01T00:00:00Z"); d <= new Date("2026-11-09T00:00:00Z"); d.setUTCDate(d.getUTCDate() + 1)) {
    nightly.push(scheduledName(parisToUtc(d.toISOString().slice(0, 10), "03:30")));
  }
  const extra = scheduledName(parisToUtc("2026-11-09", "01:00"));
  const name = (date: string) => scheduledName(parisToUtc(date, "03:30"));

  it("keeps the newest of each of the last 7 days and of each of the last 4 weeks", () => {
    const pruned = backupsToPrune([...nightly, extra, "manuelle.tar"]);
    const kept = [...nightly, extra].filter((n) => !pruned.includes(n)).sort();
    expect(kept).toEqual(
      ["2026-10-25", "2026-11-01", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08", "2026-11-09"].map(
        name,
      ),
    );
    expect(pruned).toContain(extra);
    expect(pruned).not.toContain("manuelle.tar");
  });

  it("deletes only scheduled backups on disk", () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-retention-"));
    // A half-written archive of a process that died goes too; one of a live process stays.
    const dead = Bun.spawnSync(["true"]).pid;
    const names = [
      ...nightly,
      "manuelle.tar",
      "planify-avant-migration-20261001T010000Z.tar",
      `x.tar.partiel-${dead}`,
      `x.tar.partiel-${process.pid}`,
    ];
    for (const n of names) writeFileSync(join(dir, n), "x");
    expect(pruneBackups(dir)).toHaveLength(nightly.length - 9 + 1);
    expect(readdirSync(dir)).toHaveLength(9 + 3);
    expect(readdirSync(dir)).toContain(`x.tar.partiel-${process.pid}`);
    expect(readdirSync(dir)).toContain("manuelle.tar");
    expect(readdirSync(dir)).toContain("planify-avant-migration-20261001T010000Z.tar");
  });
});

describe("the schedule", () => {
  it("runs each night at 03:30 Paris across the spring clock change", async () => {
    const fake = fakeClock(utc("2026-03-27T12:00:00Z"));
    const runs: string[] = [];
    const schedule = scheduleJob({ ...NIGHTLY_BACKUP, run: async (due) => void runs.push(iso(due)) }, () => undefined, fake.clock);
    expect(fake.pending()).toEqual(["2026-03-28T02:30:00.000Z"]);
    await fake.set(utc("2026-03-28T02:30:00Z"));
    expect(fake.pending()).toEqual(["2026-03-29T01:30:00.000Z"]);
    await fake.set(utc("2026-03-29T01:30:05Z"));
    expect(runs).toEqual(["2026-03-28T02:30:00.000Z", "2026-03-29T01:30:00.000Z"]);
    expect(iso(schedule.nextAt())).toBe("2026-03-30T01:30:00.000Z");
    schedule.stop();
    expect(fake.pending()).toEqual([]);
  });

  it("a timer firing early runs nothing and waits again; a failing run does not stop the next", async () => {
    const fake = fakeClock(utc("2026-11-23T12:00:00Z"));
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error("disque plein");
    };
    const schedule = scheduleJob({ ...NIGHTLY_BACKUP, run: failing }, () => undefined, fake.clock);
    await fake.fireAll();
    expect(calls).toBe(0);
    expect(fake.pending()).toEqual(["2026-11-24T02:30:00.000Z"]);
    await fake.set(utc("2026-11-24T02:30:00Z"));
    expect(calls).toBe(1);
    expect(fake.pending()).toEqual(["2026-11-25T02:30:00.000Z"]);
    schedule.stop();
  });
});
