import { and, count, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import { schoolYearAt, schoolYearBounds, shiftSchoolYear } from "@planify/common/time/school-year";
import type { AppDeps } from "../../deps";
import { taskFiles, tasks, users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { removeTaskFolders } from "../../lib/task-files";
import { recordAdminAction } from "../../lib/journal";
import { schoolSetting } from "../../lib/school-settings";
import { nextDue } from "../../scheduler";
import { eraseAccount } from "./erase";

/** The daily retention job, in Paris time (after the 03:30 backup, so the night's copy still has them). */
export const RETENTION_CRON = "15 4 * * *";

/** Who the journal names for the scheduled deletions. */
export const SYSTEM_ACTOR = { id: "system", username: "Planify (automatique)" };

/**
 * The first Paris date a class task must have to be kept on `ms`: the first day of the school
 * year `years` before the current one (2 years in 2026-2027: from 2024-08-01 on). A task of
 * N school years ago stays, one of N+1 goes.
 */
export function retentionCutoff(ms: number, years: number): { date: string; oldestKept: string } {
  const oldestKept = shiftSchoolYear(schoolYearAt(ms), -years);
  return { date: schoolYearBounds(oldestKept).first, oldestKept };
}

interface Due {
  tasks: number;
  files: number;
  bytes: number;
}

async function dueBefore(db: DbOrTx, date: string): Promise<Due> {
  const t = (await first(db.select({ n: count() }).from(tasks).where(lt(tasks.date, date))))?.n ?? 0;
  const f = await first(
    db
      .select({ n: count(), bytes: sql<number>`coalesce(sum(${taskFiles.size}), 0)`.mapWith(Number) })
      .from(taskFiles)
      .where(inArray(taskFiles.taskId, db.select({ id: tasks.id }).from(tasks).where(lt(tasks.date, date)))),
  );
  return { tasks: t, files: f?.n ?? 0, bytes: f?.bytes ?? 0 };
}

export interface RetentionPreview extends Due {
  years: number;
  /** ISO instant of the run that will delete them. */
  at: string;
  /** Tasks dated before this Paris date go then. */
  before: string;
}

/**
 * « Prochaine suppression » in the admin's storage panel: what is already past its date goes
 * at the next nightly run; otherwise the next deletion is the first run of the next school
 * year, and it will take the year that then falls out.
 */
export async function retentionPreview(deps: Pick<AppDeps, "db" | "now">): Promise<RetentionPreview> {
  const years = await schoolSetting(deps.db, "retentionYears");
  const now = deps.now();
  const nextRun = nextDue({ cron: RETENTION_CRON }, now);
  const current = retentionCutoff(now, years);
  const dueNow = await dueBefore(deps.db, current.date);
  if (dueNow.tasks > 0) return { years, at: new Date(nextRun).toISOString(), before: current.date, ...dueNow };
  const nextYearStart = schoolYearBounds(shiftSchoolYear(schoolYearAt(now), 1)).first;
  const later = retentionCutoff(Date.parse(`${nextYearStart}T12:00:00Z`), years);
  // The first run on or after the school year's first day (its 04:15 in Paris).
  const at = nextDue({ cron: RETENTION_CRON }, Date.parse(`${nextYearStart}T00:00:00+02:00`) - 1);
  return { years, at: new Date(at).toISOString(), before: later.date, ...(await dueBefore(deps.db, later.date)) };
}

/**
 * Deletes the class tasks whose date is before the retention cutoff, with their states, groups
 * and files (rows in one transaction, then the task folders), and journals the counts. The
 * completions students earned on them stay counted (ageing out is not undoing the work).
 */
export async function deleteExpiredTasks(deps: AppDeps): Promise<Due> {
  const years = await schoolSetting(deps.db, "retentionYears");
  const { date, oldestKept } = retentionCutoff(deps.now(), years);
  const gone = await deps.db.transaction(async (tx) => {
    const due = await dueBefore(tx, date);
    if (due.tasks === 0) return { due, ids: [] as string[] };
    const ids = (await tx.delete(tasks).where(lt(tasks.date, date)).returning({ id: tasks.id })).map((r) => r.id);
    await recordAdminAction(tx, SYSTEM_ACTOR, {
      action: "privacy.retention",
      summary: `${due.tasks} devoir(s) et ${due.files} fichier(s) d'avant le ${date} supprimés (conservation : ${years} année(s) scolaire(s))`,
      details: { ...due, before: date, oldestKept, years },
      at: deps.now(),
    });
    return { due, ids };
  });
  for (const id of gone.ids) {
    await removeTaskFolders(deps, id);
  }
  return gone.due;
}

/**
 * The daily privacy job: expired class tasks, then (slot for the lead) the graduates whose
 * erase_after has passed. One job in scheduler.ts runs it.
 */
export async function runDailyPrivacyJob(deps: AppDeps): Promise<{ tasks: Due; accounts: number }> {
  const tasksGone = await deleteExpiredTasks(deps);
  const accounts = await eraseExpiredAccounts(deps);
  return { tasks: tasksGone, accounts };
}

/**
 * The graduates' deletion: a deactivated account (the rollover's graduates) whose `erase_after`
 * has passed goes through eraseAccount, one at a time (each its own transaction and journal
 * entry « compte supprimé »). A reactivated account has neither date and is never touched.
 */
export async function eraseExpiredAccounts(deps: AppDeps): Promise<number> {
  const now = new Date(deps.now()).toISOString();
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deactivatedAt), isNotNull(users.eraseAfter), lte(users.eraseAfter, now)));
  for (const { id } of due) await eraseAccount(deps, id, SYSTEM_ACTOR);
  return due.length;
}
