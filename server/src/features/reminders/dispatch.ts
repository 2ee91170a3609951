// The reminder tick: computes what is due from tasks and preferences, claims each delivery
// in the database BEFORE sending it, then sends. The unique key (user, task, lead, channel,
// deadline) makes a reminder go out once per task, lead time and device, whichever node or
// restart gets there; a new deadline is a new key, so an edited task is rescheduled.
//
// Crash window: a claim still 'sending' when its process died is sent again by the next
// run (at-least-once). We prefer that to at-most-once because a lost reminder is the
// failure a student notices (a missed deadline), while a repeat is made invisible: the
// message keeps the same notification tag (the browser replaces the shown notification
// instead of adding one) and the same Topic header (a push service still holding the first
// copy replaces it). See README « Rappels ».
import { and, count, eq, exists, gt, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import { REMINDER_ROLES } from "@planify/common/constants/reminders";
import type { AppDeps } from "../../deps";
import { personalTasks, reminderDeliveries, reminderDevices, reminderSettings, tasks, taskStates, users } from "../../db/schema";
import { escapeHtml } from "../../lib/mailer";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { subjectAccess } from "../subjects";
import { handedInTasks, parisWhen, termsByTask, visibleBranches } from "../tasks";
import { confirmedEmail } from "./email-confirmation";
import { digestReminder, taskReminder, type ReminderPayload, type TaskWords } from "./messages";
import { digestWindow, dueLeads, isQuietNow, LOOKAHEAD_MS } from "./plan";
import { holdingHoliday, remindersHeld } from "./pause";
import { sendPush } from "./push";
import { listDevices, readPrefs } from "./settings";

/** A claim older than this by the same run is taken for lost (the send timeout is 15 s). */
/** How long a claim stays another run's send under way (deps.reminderStaleMs, PLANIFY_REMINDER_STALE_SECONDS, overrides it). */
export const STALE_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 5;

type DeliveryRow = typeof reminderDeliveries.$inferSelect;
export interface Claim {
  id: number;
  userId: string;
  channel: string;
  key: string;
  payload: ReminderPayload;
}
export interface TickReport {
  claimed: number;
  sent: number;
  gone: number;
  retry: number;
}

const keyOf = (r: Pick<DeliveryRow, "userId" | "taskId" | "lead" | "channel" | "deadlineAt">) =>
  `${r.userId}|${r.taskId}|${r.lead}|${r.channel}|${r.deadlineAt}`;
const toClaim = (r: DeliveryRow): Claim => ({
  id: r.id,
  userId: r.userId,
  channel: r.channel,
  key: keyOf(r),
  payload: JSON.parse(r.payload) as ReminderPayload,
});

/** Students with somewhere to send reminders (a device, or a confirmed e-mail address when SMTP is set). */
async function recipients(deps: AppDeps): Promise<UserRow[]> {
  const hasDevice = exists(deps.db.select({ one: sql`1` }).from(reminderDevices).where(eq(reminderDevices.userId, users.id)));
  const hasEmail = exists(
    deps.db
      .select({ one: sql`1` })
      .from(reminderSettings)
      .where(
        and(
          eq(reminderSettings.userId, users.id),
          sql`${reminderSettings.email} IS NOT NULL AND ${reminderSettings.emailConfirmedAt} IS NOT NULL`,
        ),
      ),
  );
  return await deps.db
    .select()
    .from(users)
    .where(and(inArray(users.role, [...REMINDER_ROLES]), deps.mailer ? or(hasDevice, hasEmail) : hasDevice));
}

/** The channels of a student: their devices (push only with keys) and "email" once confirmed. */
export async function channelsOf(deps: AppDeps, user: Pick<UserRow, "id">): Promise<{ id: string; waits: boolean }[]> {
  const out = (await listDevices(deps, user.id))
    .filter((d) => d.kind === "desktop" || deps.vapid)
    .map((d) => ({ id: d.id, waits: d.kind === "desktop" }));
  if (deps.mailer && (await confirmedEmail(deps, user.id))) out.push({ id: "email", waits: false });
  return out;
}

type OpenTask = TaskWords & { deadlineAt: number };

/**
 * Tasks the student sees (their personal ones too), due in (from, until] by the student's own
 * deadline (a teacher's extension), neither checked, archived nor hidden, nor exempt, nor a
 * hand-in task they already deposited files for; read on `db` (the claim's transaction), `allowed` being the student's
 * subject access (subjects' subjectAccess).
 */
export async function openTasks(
  db: DbOrTx,
  allowed: (subjectName: string) => boolean,
  user: UserRow,
  from: number,
  until: number,
): Promise<OpenTask[]> {
  // A teacher's extension moves the student's deadline (a task extended into the window is read too).
  const terms = await termsByTask(db, user.id);
  const inWindow = (at: number) => at > from && at <= until;
  const extended = [...terms].filter(([, t]) => t.deadlineAt !== null && inWindow(t.deadlineAt)).map(([id]) => id);
  const byDeadline = and(gt(tasks.deadlineAt, from), lte(tasks.deadlineAt, until));
  const window = extended.length ? or(byDeadline, inArray(tasks.id, extended)) : byDeadline;
  const branches = visibleBranches(user).map((b) => and(b, window));
  const rows = await db
    .select({
      id: tasks.id,
      titre: tasks.titre,
      type: tasks.type,
      matiere: tasks.matiere,
      date: tasks.date,
      heure: tasks.heure,
      deadlineAt: tasks.deadlineAt,
      createdBy: tasks.createdBy,
      submissionEnabled: tasks.submissionEnabled,
      checked: taskStates.checked,
      archived: taskStates.archived,
      hidden: taskStates.hidden,
    })
    .from(tasks)
    .leftJoin(taskStates, and(eq(taskStates.taskId, tasks.id), eq(taskStates.userId, user.id)))
    .where(branches.length === 1 ? branches[0] : or(...branches))
    .orderBy(tasks.deadlineAt);
  const seen = rows
    .filter((r) => !r.checked && !r.archived && !r.hidden && (r.createdBy === user.id || allowed(r.matiere)))
    .map((r) => {
      const own = terms.get(r.id);
      return own?.deadlineAt != null
        ? { ...r, ...parisWhen(own.deadlineAt), deadlineAt: own.deadlineAt, exempt: own.exempt }
        : { ...r, exempt: own?.exempt ?? false };
    })
    .filter((r) => inWindow(r.deadlineAt) && !r.exempt);
  // Nothing left to hand in: no « à rendre » reminder once the student's files are deposited.
  const handedIn = await handedInTasks(
    db,
    user.id,
    seen.filter((r) => r.submissionEnabled).map((r) => r.id),
  );
  const shared = seen.filter((r) => !handedIn.has(r.id)).map(({ exempt: _, submissionEnabled: __, ...r }) => r);
  // The student's own tasks remind like homework (its lead times), with their own words.
  const own = (
    await db
      .select({
        id: personalTasks.id,
        titre: personalTasks.titre,
        matiere: personalTasks.matiere,
        date: personalTasks.date,
        heure: personalTasks.heure,
        deadlineAt: personalTasks.deadlineAt,
      })
      .from(personalTasks)
      .where(
        and(
          eq(personalTasks.ownerId, user.id),
          gt(personalTasks.deadlineAt, from),
          lte(personalTasks.deadlineAt, until),
          eq(personalTasks.checked, false),
          eq(personalTasks.archived, false),
        ),
      )
  ).map((r) => ({ ...r, type: "devoir" as const, personal: true }));
  return [...shared, ...own].sort((a, b) => a.deadlineAt - b.deadlineAt);
}

/** Claims what is due now for one student; returns the claims to send (desktop ones wait to be fetched). */
async function claimForUser(deps: AppDeps, user: UserRow, now: number, run: string, holiday: string | null): Promise<Claim[]> {
  const prefs = await readPrefs(deps, user.id);
  if (!prefs.enabled || isQuietNow(now, prefs)) return [];
  const channels = await channelsOf(deps, user);
  if (channels.length === 0) return [];
  // On hold (holidays, « mode vacances »): what falls due is claimed as skipped, so it is
  // neither sent now nor in a burst once the pause is over.
  const held = await remindersHeld(deps, user.id, now, holiday);
  const due = (waits: boolean) => (held ? "skipped" : waits ? "pending" : "sending");
  // The subject lists (kept until the next write) are read before the transaction, as the
  // preferences are: inside it, every query goes through `tx`.
  const allowed = await subjectAccess(deps, user);
  // The claims are collected by the callback and returned: it may run again on PostgreSQL.
  return await deps.db.transaction(async (tx) => {
    const claims: Claim[] = [];
    const claim = async (row: Omit<DeliveryRow, "id" | "attempts" | "claimedAt" | "claimedBy" | "sentAt">) => {
      const got = await first(
        tx
          .insert(reminderDeliveries)
          .values({ ...row, attempts: row.status === "sending" ? 1 : 0, claimedAt: now, claimedBy: run })
          .onConflictDoNothing()
          .returning(),
      );
      if (got && got.status === "sending") claims.push(toClaim(got));
      return got;
    };
    if (prefs.digest) {
      const { day, until } = digestWindow(now, prefs.digestTime);
      const items = await openTasks(tx, allowed, user, now, until);
      for (const ch of channels) {
        const grouped: OpenTask[] = [];
        for (const t of items) {
          const got = await claim({
            userId: user.id,
            taskId: t.id,
            lead: "digest",
            channel: ch.id,
            deadlineAt: t.deadlineAt,
            status: "grouped",
            payload: "{}",
          });
          if (got) grouped.push(t);
        }
        if (grouped.length === 0) continue;
        // A task appearing after the day's digest gets a short follow-up digest: the sequence number keeps the key unique.
        const seq =
          (
            await first(
              tx
                .select({ n: count() })
                .from(reminderDeliveries)
                .where(
                  and(
                    eq(reminderDeliveries.userId, user.id),
                    eq(reminderDeliveries.channel, ch.id),
                    eq(reminderDeliveries.taskId, `digest:${day}`),
                  ),
                ),
            )
          )?.n ?? 0;
        const payload = digestReminder(day, grouped, now);
        await claim({
          userId: user.id,
          taskId: `digest:${day}`,
          lead: "digest",
          channel: ch.id,
          deadlineAt: seq,
          status: due(ch.waits),
          payload: JSON.stringify(payload),
        });
      }
      return claims;
    }
    for (const task of await openTasks(tx, allowed, user, now, now + LOOKAHEAD_MS)) {
      for (const lead of dueLeads(task, prefs, now)) {
        const payload = JSON.stringify(taskReminder(task, now));
        for (const ch of channels) {
          await claim({
            userId: user.id,
            taskId: task.id,
            lead: lead.lead,
            channel: ch.id,
            deadlineAt: task.deadlineAt,
            status: due(ch.waits),
            payload,
          });
        }
      }
    }
    return claims;
  });
}

/**
 * Takes back the claims left in flight for longer than STALE_MS, whichever run made them: a
 * send that failed for now, or one whose process is gone. Never a younger claim of another
 * run: on several nodes it is another node's send under way (taking it would send it twice),
 * so a crashed process's claims wait STALE_MS like the others. Past the last attempt, or once
 * the deadline is over, a claim is marked failed instead.
 */
export async function reclaimStale(deps: AppDeps, now: number, run: string): Promise<Claim[]> {
  const rows = await deps.db
    .select()
    .from(reminderDeliveries)
    .where(and(eq(reminderDeliveries.status, "sending"), lt(reminderDeliveries.claimedAt, now - (deps.reminderStaleMs ?? STALE_MS))))
    .limit(500);
  const out: Claim[] = [];
  const quiet = new Map<string, boolean>();
  for (const r of rows) {
    // A resend obeys the quiet hours like a first send: it waits for their end.
    if (!quiet.has(r.userId)) quiet.set(r.userId, isQuietNow(now, await readPrefs(deps, r.userId)));
    if (quiet.get(r.userId) && r.lead !== "test") continue;
    const over = r.attempts >= MAX_ATTEMPTS || (r.lead !== "digest" && r.lead !== "test" && r.deadlineAt <= now);
    const taken = await first(
      deps.db
        .update(reminderDeliveries)
        .set(over ? { status: "failed" } : { attempts: r.attempts + 1, claimedAt: now, claimedBy: run })
        .where(
          and(
            eq(reminderDeliveries.id, r.id),
            eq(reminderDeliveries.status, "sending"),
            eq(reminderDeliveries.claimedAt, r.claimedAt),
            eq(reminderDeliveries.claimedBy, r.claimedBy),
          ),
        )
        .returning({ id: reminderDeliveries.id }),
    );
    if (taken && !over) out.push(toClaim(r));
  }
  return out;
}

/** Sends one claim and records the outcome. */
export async function deliver(deps: AppDeps, claim: Claim): Promise<"sent" | "gone" | "retry"> {
  let outcome: "sent" | "gone" | "retry";
  if (claim.channel === "email") {
    const to = await confirmedEmail(deps, claim.userId);
    if (!deps.mailer || !to) outcome = "gone";
    else {
      const html = `<p><strong>${escapeHtml(claim.payload.title)}</strong></p><p>${escapeHtml(claim.payload.body).replace(/\n/g, "<br>")}</p>`;
      outcome = await deps.mailer.send({ to, subject: claim.payload.title, text: claim.payload.body, html }).then(
        () => "sent" as const,
        () => "retry" as const,
      );
    }
  } else {
    const device = await first(deps.db.select().from(reminderDevices).where(eq(reminderDevices.id, claim.channel)));
    if (!device || device.userId !== claim.userId || !device.endpoint || !device.p256dh || !device.auth || !deps.vapid) outcome = "gone";
    else {
      outcome = await sendPush(
        deps.vapid,
        { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
        claim.payload,
        claim.key,
      );
      if (outcome === "gone") {
        await deps.db.delete(reminderDevices).where(eq(reminderDevices.id, device.id));
        deps.log("info", "push subscription removed (the push service no longer knows it)", { device: device.id });
      }
    }
  }
  if (outcome !== "retry") {
    await deps.db
      .update(reminderDeliveries)
      .set({ status: outcome === "sent" ? "sent" : "gone", sentAt: outcome === "sent" ? deps.now() : null })
      .where(eq(reminderDeliveries.id, claim.id));
  }
  return outcome;
}

const DAY = 86_400_000;

/**
 * Forgets deliveries that can no longer matter: claimed over 30 days ago for a deadline
 * (or digest day, or test) over a week past. A row for a deadline still ahead is never
 * removed, since its key is what keeps the reminder from going out twice.
 */
export async function pruneDeliveries(deps: AppDeps, now: number): Promise<number> {
  const gone = await deps.db
    .delete(reminderDeliveries)
    .where(and(lt(reminderDeliveries.claimedAt, now - 30 * DAY), lt(reminderDeliveries.deadlineAt, now - 7 * DAY)))
    .returning({ id: reminderDeliveries.id });
  return gone.length;
}

/** Claims everything due at `now` (and the claims left in flight), without sending. */
export async function claimDue(deps: AppDeps, run: string): Promise<Claim[]> {
  const now = deps.now();
  const claims = await reclaimStale(deps, now, run);
  const holiday = await holdingHoliday(deps, now);
  for (const user of await recipients(deps)) claims.push(...(await claimForUser(deps, user, now, run, holiday)));
  return claims;
}

/** One scheduler tick: claim, then send (a few at a time). */
export async function runReminderTick(deps: AppDeps, run: string): Promise<TickReport> {
  const claims = await claimDue(deps, run);
  const report: TickReport = { claimed: claims.length, sent: 0, gone: 0, retry: 0 };
  for (let i = 0; i < claims.length; i += 8) {
    const outcomes = await Promise.all(claims.slice(i, i + 8).map((c) => deliver(deps, c)));
    for (const o of outcomes) report[o]++;
  }
  if (report.claimed > 0) deps.log("info", "reminders sent", { ...report });
  // Once an hour is plenty; the minute test keeps it free of any per-process state.
  if (Math.floor(deps.now() / 60_000) % 60 === 0) await pruneDeliveries(deps, deps.now());
  return report;
}
