import { asc, eq, isNull, sql } from "drizzle-orm";
import { ROLLOVER_MESSAGES as M } from "@planify/common/constants/rollover";
import type { RolloverBody, RolloverPreviewResponse, RolloverRunResponse } from "@planify/common/schemas/rollover";
import { isSchoolYear } from "@planify/common/time/school-year";
import { rollovers, tasks, users } from "../../db/schema";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { recordAdminAction } from "../../lib/journal";
import { schoolSetting, writeSchoolSettings } from "../../lib/school-settings";
import { closePendingProposals, removeClosedProposalFiles } from "../proposals";
import { groupsColumn, presentTasks } from "../tasks";
import { backupBeforeRollover } from "./backup-step";
import { addMonths, closedYear, movingFrom, planRollover, resettable, type RolloverPlan } from "./plan";
import { publishLive } from "../../lib/live";

/** « 27/11/2026 à 21:05 », Paris time. */
const parisWhen = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" })
    .format(new Date(iso))
    .replace(" ", " à ");

async function previousRun(db: DbOrTx, schoolYear: string) {
  return (await first(db.select().from(rollovers).where(eq(rollovers.schoolYear, schoolYear)))) ?? null;
}

async function refuseIfRun(db: DbOrTx, schoolYear: string): Promise<void> {
  const run = await previousRun(db, schoolYear);
  if (run) throw new AppError("ROLLOVER_DONE", M.alreadyDone(schoolYear, parisWhen(run.runAt), run.runBy));
}

const delayOf = async (deps: AppDeps, body: RolloverBody) =>
  body.graduateErasureMonths ?? (await schoolSetting(deps.db, "graduateErasureMonths"));

/** POST /admin/rollover/preview: the counts of what a run would change; changes nothing. */
export async function previewRollover(deps: AppDeps, body: RolloverBody): Promise<RolloverPreviewResponse> {
  const now = deps.now();
  const plan = await planRollover(deps.db, body, now);
  const months = await delayOf(deps, body);
  const run = await previousRun(deps.db, plan.schoolYear);
  return {
    success: true,
    schoolYear: plan.schoolYear,
    counts: plan.counts,
    graduateErasureMonths: months,
    eraseAfter: new Date(addMonths(now, months)).toISOString(),
    alreadyRun: run ? { runAt: run.runAt, runBy: run.runBy } : null,
  };
}

/**
 * The changes of one run, in one transaction: graduates first, then each year moves up, then
 * tasks, proposals and groups. Answers the storage keys of the closed proposals' files, removed
 * once it is committed.
 */
async function applyPlan(tx: DbOrTx, plan: RolloverPlan, at: { now: number; eraseAfter: number }): Promise<string[]> {
  const nowIso = new Date(at.now).toISOString();
  const repeating = plan.repeatingIds;
  // Graduates: deactivated, to be erased after the delay; their sessions end (token version).
  await tx
    .update(users)
    .set({
      deactivatedAt: nowIso,
      eraseAfter: new Date(at.eraseAfter).toISOString(),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: nowIso,
    })
    .where(movingFrom("BUT3", repeating));
  await tx.update(users).set({ year: "BUT3", updatedAt: nowIso }).where(movingFrom("BUT2", repeating));
  await tx.update(users).set({ year: "BUT2", updatedAt: nowIso }).where(movingFrom("BUT1", repeating));
  // Every class task of the year closed; personal tasks live in their own table, untouched.
  await tx.update(tasks).set({ archivedYear: plan.schoolYear }).where(isNull(tasks.archivedYear));
  // Proposals still waiting were last year's class's: rejected « Année scolaire clôturée », files removed.
  const closedFiles = await closePendingProposals(tx, at.now);
  if (plan.resetGroups) await tx.update(users).set({ groupe: "Promo", specialite: "", updatedAt: nowIso }).where(resettable(repeating));
  // Every open app refetches what it shows: the lists, the classes and the accounts all moved.
  await publishLive(tx, Date.parse(nowIso), "reset", { all: true });
  return closedFiles;
}

// Years being closed right now: a double click's second request is refused at once
// (the rollovers table's primary key refuses it in the database too).
const running = new Set<string>();

/**
 * POST /admin/rollover: a full backup first (a failure changes nothing), then one transaction
 * applies the plan, writes one journal entry and the rollover row. A year already closed is a 409.
 */
export async function runRollover(deps: AppDeps, admin: UserRow, body: RolloverBody): Promise<RolloverRunResponse> {
  const schoolYear = closedYear(body, deps.now());
  await refuseIfRun(deps.db, schoolYear);
  await planRollover(deps.db, body, deps.now()); // unknown usernames: refused before the backup
  const key = `${deps.instanceId}:${schoolYear}`;
  if (running.has(key)) throw new AppError("ROLLOVER_DONE", M.running);
  running.add(key);
  try {
    const backup = await backupBeforeRollover(deps, schoolYear);
    const now = deps.now();
    const months = await delayOf(deps, body);
    const eraseAfter = addMonths(now, months);
    const { plan, closedFiles } = await deps.db.transaction(async (tx) => {
      await refuseIfRun(tx, schoolYear);
      const planned = await planRollover(tx, body, now);
      const closed = await applyPlan(tx, planned, { now, eraseAfter });
      // The delay chosen here becomes the school's: the privacy notice states the one applied.
      if (months !== (await schoolSetting(tx, "graduateErasureMonths"))) await writeSchoolSettings(tx, { graduateErasureMonths: months });
      await recordAdminAction(tx, admin, {
        action: "rollover.run",
        summary: `Nouvelle année scolaire : ${schoolYear} clôturée (sauvegarde ${backup.name})`,
        details: { schoolYear, ...planned.counts, graduateErasureMonths: months, backup: backup.name, resetGroups: planned.resetGroups },
        at: now,
      });
      await tx.insert(rollovers).values({
        schoolYear,
        runAt: new Date(now).toISOString(),
        runBy: admin.username,
        counts: { ...planned.counts },
        backupName: backup.name,
      });
      return { plan: planned, closedFiles: closed };
    });
    await removeClosedProposalFiles(deps, closedFiles);
    deps.log("info", `rollover ${schoolYear} done`, { counts: plan.counts, backup: backup.file });
    return {
      success: true,
      message: M.done(schoolYear),
      schoolYear,
      counts: plan.counts,
      eraseAfter: new Date(eraseAfter).toISOString(),
      backupName: backup.name,
    };
  } finally {
    running.delete(key);
  }
}

/** GET /admin/rollover/archives?year=: the class tasks archived with that year, read-only for staff. */
export async function listArchives(deps: AppDeps, user: UserRow, year: string) {
  if (!isSchoolYear(year)) throw badRequest(M.badYear);
  const rows = await deps.db
    .select({ task: tasks, groups: groupsColumn })
    .from(tasks)
    .where(eq(tasks.archivedYear, year))
    .orderBy(asc(tasks.deadlineAt), asc(tasks.id));
  return { success: true as const, schoolYear: year, events: await presentTasks(deps, user, rows) };
}

/** POST /admin/users/{id}/reactivate: clears the deactivation and the erasure date (journal entry). */
export async function reactivateUser(deps: AppDeps, admin: UserRow, id: string): Promise<void> {
  const target = await first(deps.db.select().from(users).where(eq(users.id, id)));
  if (!target) throw notFound("Utilisateur introuvable.");
  if (!target.deactivatedAt) throw new AppError("CONFLICT", M.notDeactivated);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ deactivatedAt: null, eraseAfter: null, updatedAt: new Date(deps.now()).toISOString() })
      .where(eq(users.id, id));
    await recordAdminAction(tx, admin, {
      action: "user.reactivate",
      target: { id: target.id, username: target.username },
      summary: `Compte de ${target.username} réactivé (suppression annulée)`,
      details: { before: { deactivatedAt: target.deactivatedAt, eraseAfter: target.eraseAfter }, after: null },
      at: deps.now(),
    });
  });
}
