// Planify Desktop windows fetch their reminders (no push service there), then say which ones
// they showed; the 'Envoyer un essai' button goes through the same channels as reminders.
import { and, asc, desc, eq, inArray, like } from "drizzle-orm";
import { REMINDER_LIMITS, REMINDER_MESSAGES as M } from "@planify/common/constants/reminders";
import type { ReminderMessage, ReminderTestResponse } from "@planify/common/schemas/reminders";
import type { AppDeps } from "../../deps";
import { first } from "../../db/engine";
import { reminderDeliveries } from "../../db/schema";
import { tooMany } from "../../lib/errors";
import { deliver, type Claim } from "./dispatch";
import type { ReminderPayload } from "./messages";
import { confirmedEmail } from "./email-confirmation";
import { listDevices, ownDesktop } from "./settings";

const PENDING_MAX = 20;

/** What a desktop window has to show, oldest first. */
export async function pendingFor(deps: AppDeps, userId: string, deviceId: string): Promise<ReminderMessage[]> {
  await ownDesktop(deps, userId, deviceId);
  const rows = await deps.db
    .select()
    .from(reminderDeliveries)
    .where(and(eq(reminderDeliveries.channel, deviceId), eq(reminderDeliveries.status, "pending")))
    .orderBy(asc(reminderDeliveries.id))
    .limit(PENDING_MAX);
  return rows.map((r) => ({ id: r.id, ...(JSON.parse(r.payload) as ReminderPayload) }));
}

/** Marks the reminders a desktop window showed. */
export async function acknowledge(deps: AppDeps, userId: string, deviceId: string, ids: number[]): Promise<void> {
  await ownDesktop(deps, userId, deviceId);
  if (ids.length === 0) return;
  await deps.db
    .update(reminderDeliveries)
    .set({ status: "sent", sentAt: deps.now() })
    .where(and(eq(reminderDeliveries.channel, deviceId), eq(reminderDeliveries.status, "pending"), inArray(reminderDeliveries.id, ids)));
}

/** POST /reminders/test: one message on every channel now, at most every 20 seconds. */
export async function sendTest(deps: AppDeps, userId: string): Promise<ReminderTestResponse> {
  const now = deps.now();
  const last = await first(
    deps.db
      .select({ at: reminderDeliveries.claimedAt })
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.userId, userId), like(reminderDeliveries.taskId, "test:%")))
      .orderBy(desc(reminderDeliveries.claimedAt))
      .limit(1),
  );
  const wait = last ? last.at + REMINDER_LIMITS.testCooldownSeconds * 1000 - now : 0;
  if (wait > 0) throw tooMany(M.testTooSoon, wait / 1000);
  const payload: ReminderPayload = { title: M.testTitle, body: M.testBody, tag: `essai-${now}`, url: "/" };
  const channels = (await listDevices(deps, userId)).map((d) => ({ id: d.id, waits: d.kind === "desktop", push: d.kind === "push" }));
  if (deps.mailer && (await confirmedEmail(deps, userId))) channels.push({ id: "email", waits: false, push: false });
  // The rows are counted once the transaction returns (its callback may run again on PostgreSQL).
  const written = await deps.db.transaction(async (tx) => {
    const rows: { id: number; ch: (typeof channels)[number] }[] = [];
    for (const ch of channels) {
      const row = (await first(
        tx
          .insert(reminderDeliveries)
          .values({
            userId,
            taskId: `test:${now}`,
            lead: "test",
            channel: ch.id,
            deadlineAt: now,
            status: ch.waits ? "pending" : "sending",
            payload: JSON.stringify(payload),
            attempts: 1,
            claimedAt: now,
            claimedBy: "test",
          })
          .returning(),
      ))!;
      rows.push({ id: row.id, ch });
    }
    return rows;
  });
  const desktop = written.filter(({ ch }) => ch.waits).length;
  const claims: (Claim & { push: boolean })[] = written
    .filter(({ ch }) => !ch.waits)
    .map(({ id, ch }) => ({ id, userId, channel: ch.id, key: `test|${id}`, payload, push: ch.push }));
  const outcomes = await Promise.all(claims.map(async (c) => ({ push: c.push, outcome: await deliver(deps, c) })));
  // A test is not retried: mark what did not go as failed rather than leave it for the tick.
  await deps.db
    .update(reminderDeliveries)
    .set({ status: "failed" })
    .where(
      and(eq(reminderDeliveries.taskId, `test:${now}`), eq(reminderDeliveries.userId, userId), eq(reminderDeliveries.status, "sending")),
    );
  const push = outcomes.filter((o) => o.push && o.outcome === "sent").length;
  const email = outcomes.some((o) => !o.push && o.outcome === "sent");
  const reached = push + desktop + (email ? 1 : 0);
  return { success: true, message: channels.length > 0 && reached === 0 ? M.testNotDelivered : M.testSent(reached), push, desktop, email };
}
