import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parisDate } from "@planify/common/time/paris-time";
import { nextDue } from "../scheduler";

export { parisLabel } from "../scheduler";

/** Nightly backups run at this Paris time: after midnight jobs, long before the first class. */
export const BACKUP_TIME = "03:30";
/** How many scheduled backups are kept: the newest of each of the last 7 days and 4 weeks. */
export const RETENTION = { daily: 7, weekly: 4 } as const;

const PREFIX = "planify-auto-";

/** "03:30" → the croner pattern "30 3 * * *" (every day at that Paris time). */
export const dailyAt = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return `${minutes} ${hours} * * *`;
};

/** The nightly backup's job on the server's one scheduler (../scheduler.ts), claimed once across nodes. */
export const NIGHTLY_BACKUP = { name: "nightly-backup", cron: dailyAt(BACKUP_TIME) } as const;

/** The next instant strictly after `nowMs` when Paris clocks show `time` (DST-safe, computed by croner). */
export function nextRunAt(nowMs: number, time: string = BACKUP_TIME): number {
  return nextDue({ cron: dailyAt(time) }, nowMs);
}

/** "planify-auto-20261123T023000Z.tar": UTC in the name, so it sorts and never repeats at DST changes. */
export function scheduledName(ms: number): string {
  return `${PREFIX}${new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.tar`;
}

/** The instant in a scheduled backup's name, or null for any other file (manual and pre-migration backups are never pruned). */
export function parseScheduledName(name: string): number | null {
  const m = name.match(/^planify-auto-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar$/);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

/** ISO week ("2026-W48") of a Paris calendar date: the week belongs to the year of its Thursday. */
export function isoWeek(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const thursday = new Date(Date.UTC(y, m - 1, d));
  thursday.setUTCDate(thursday.getUTCDate() - ((thursday.getUTCDay() + 6) % 7) + 3);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / 604_800_000);
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/**
 * Scheduled backups to delete: walking from the newest, each of the last `daily` Paris days
 * and `weekly` ISO weeks that have a backup keeps its newest one; the rest go.
 */
export function backupsToPrune(names: string[], retention: { daily: number; weekly: number } = RETENTION): string[] {
  const dated = names
    .map((name) => ({ name, at: parseScheduledName(name) }))
    .filter((b): b is { name: string; at: number } => b.at !== null)
    .sort((a, b) => b.at - a.at);
  const keep = new Set<string>();
  for (const [limit, bucket] of [
    [retention.daily, (ms: number) => parisDate(ms)],
    [retention.weekly, (ms: number) => isoWeek(parisDate(ms))],
  ] as const) {
    const buckets = new Set<string>();
    for (const b of dated) {
      const key = bucket(b.at);
      if (buckets.has(key)) continue;
      if (buckets.size >= limit) break;
      buckets.add(key);
      keep.add(b.name);
    }
  }
  return dated.filter((b) => !keep.has(b.name)).map((b) => b.name);
}

/** Is this process alive? (EPERM: alive, owned by someone else.) */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/** Temporary files of backups whose process died (server stopped mid-backup). */
export function leftovers(names: string[]): string[] {
  return names.filter((n) => {
    const pid = Number(n.match(/\.(?:partiel|base)-(\d+)$/)?.[1]);
    return pid > 0 && pid !== process.pid && !alive(pid);
  });
}

/** Deletes the scheduled backups of `dir` that retention lets go, and dead leftovers; returns their names. */
export function pruneBackups(dir: string, retention = RETENTION): string[] {
  const names = readdirSync(dir);
  const doomed = [...backupsToPrune(names, retention), ...leftovers(names)];
  for (const name of doomed) rmSync(join(dir, name), { force: true });
  return doomed;
}
