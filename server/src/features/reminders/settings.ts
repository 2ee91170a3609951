// Reminder preferences and the devices they go to.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import {
  DEFAULT_REMINDER_PREFS,
  REMINDER_LIMITS,
  REMINDER_MESSAGES as M,
  reminderPrefsProblem,
  type ReminderPrefs,
} from "@planify/common/constants/reminders";
import type { ReminderDevice, ReminderSettings, ReminderSettingsResponse, ReminderSubscribeBody } from "@planify/common/schemas/reminders";
import type { AppDeps } from "../../deps";
import { first } from "../../db/engine";
import { reminderDeliveries, reminderDevices, reminderSettings } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { waitText } from "../../lib/throttle";
import { confirmedEmail, emailAvailable, mailLink, mailWaitMs, newToken } from "./email-confirmation";
import { pauseView } from "./pause";
import { endpointAllowed, keysValid } from "./push";

type DeviceRow = typeof reminderDevices.$inferSelect;

/** A student's preferences: the stored ones over the defaults (a new default field stays valid). */
export async function readPrefs(deps: AppDeps, userId: string): Promise<ReminderPrefs> {
  const row = await first(deps.db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)));
  if (!row) return DEFAULT_REMINDER_PREFS;
  const stored = JSON.parse(row.prefs) as Partial<ReminderPrefs>;
  return {
    ...DEFAULT_REMINDER_PREFS,
    ...stored,
    devoir: { ...DEFAULT_REMINDER_PREFS.devoir, ...stored.devoir },
    exam: { ...DEFAULT_REMINDER_PREFS.exam, ...stored.exam },
    email: row.email,
  };
}

const presentDevice = (d: DeviceRow): ReminderDevice => ({
  id: d.id,
  kind: d.kind,
  label: d.label,
  createdAt: new Date(d.createdAt).toISOString(),
});

/** The student's devices, oldest first. */
export async function listDevices(deps: AppDeps, userId: string): Promise<DeviceRow[]> {
  return await deps.db.select().from(reminderDevices).where(eq(reminderDevices.userId, userId)).orderBy(asc(reminderDevices.createdAt));
}

/** GET /reminders/settings. */
export async function settingsView(deps: AppDeps, userId: string, message?: string): Promise<ReminderSettingsResponse> {
  return {
    success: true,
    settings: await readPrefs(deps, userId),
    devices: (await listDevices(deps, userId)).map(presentDevice),
    emailAvailable: emailAvailable(deps),
    emailConfirmed: (await confirmedEmail(deps, userId)) !== null,
    pause: await pauseView(deps, userId),
    ...(message ? { message } : {}),
  };
}

/**
 * PUT /reminders/settings: checked with the same rule as the form, then stored whole. A new
 * address is stored unconfirmed and gets a confirmation link, or, past the account's limits,
 * an answer saying when « Renvoyer le lien » can send it; the same address keeps its state.
 */
export async function saveSettings(deps: AppDeps, userId: string, input: ReminderSettings): Promise<ReminderSettingsResponse> {
  const email = input.email?.trim() ? input.email.trim() : null;
  const prefs: ReminderPrefs = { ...input, email };
  const problem = reminderPrefsProblem(prefs);
  if (problem) throw badRequest(problem);
  const before = await first(
    deps.db.select({ email: reminderSettings.email }).from(reminderSettings).where(eq(reminderSettings.userId, userId)),
  );
  const changed = email !== (before?.email ?? null);
  // Within the account's mail limits (a typo fixed at once, a 6th address in a day) the address
  // is still saved, pending, without a link: « Renvoyer le lien » sends it once the wait is over.
  let link: ReturnType<typeof newToken> | null = null;
  let waitMs = 0;
  if (changed && email !== null) {
    if (!emailAvailable(deps)) throw badRequest(M.emailUnavailable);
    waitMs = await mailWaitMs(deps, userId);
    if (waitMs === 0) link = newToken(deps);
  }
  const { email: _kept, ...rest } = prefs;
  const unconfirmed = { emailConfirmedAt: null, emailTokenHash: null, emailTokenExpiresAt: null };
  const values = { prefs: JSON.stringify(rest), email, updatedAt: deps.now(), ...(changed ? (link?.set ?? unconfirmed) : {}) };
  await deps.db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
  if (!changed || !email) return await settingsView(deps, userId, M.saved);
  if (!link) return await settingsView(deps, userId, M.emailDeferred(email, waitText(waitMs)));
  const sent = await mailLink(deps, userId, email, link.token);
  return await settingsView(deps, userId, sent ? M.emailPending(email) : M.emailNotSent);
}

/**
 * POST /reminders/subscriptions. A browser that subscribes again keeps its row (and so its
 * delivery history); one that another account enabled before moves to this account.
 */
export async function addDevice(deps: AppDeps, userId: string, body: ReminderSubscribeBody): Promise<ReminderDevice> {
  const label = (body.label ?? "").trim().slice(0, REMINDER_LIMITS.labelMaxLength);
  let push: { endpoint: string; p256dh: string; auth: string } | null = null;
  if (body.kind === "push") {
    const { endpoint, keys } = body.subscription;
    if (!endpointAllowed(endpoint, deps.settings.allowLocalPush === true)) throw badRequest(M.badEndpoint);
    if (!keysValid(keys.p256dh, keys.auth)) throw badRequest(M.badSubscription);
    push = { endpoint, p256dh: keys.p256dh, auth: keys.auth };
  }
  return await deps.db.transaction(async (tx) => {
    const existing = push ? await first(tx.select().from(reminderDevices).where(eq(reminderDevices.endpoint, push.endpoint))) : undefined;
    if (existing && push) {
      await tx
        .update(reminderDevices)
        .set({ userId, ...push, label: label || existing.label })
        .where(eq(reminderDevices.id, existing.id));
      return presentDevice({ ...existing, userId, ...push, label: label || existing.label });
    }
    const n = (await first(tx.select({ n: count() }).from(reminderDevices).where(eq(reminderDevices.userId, userId))))?.n ?? 0;
    if (n >= REMINDER_LIMITS.maxDevices) throw conflict(M.tooManyDevices);
    const row: DeviceRow = {
      id: newId(),
      userId,
      kind: body.kind,
      endpoint: push?.endpoint ?? null,
      p256dh: push?.p256dh ?? null,
      auth: push?.auth ?? null,
      label,
      createdAt: deps.now(),
    };
    await tx.insert(reminderDevices).values(row);
    return presentDevice(row);
  });
}

/** DELETE /reminders/subscriptions/:id: only one's own device; its waiting reminders go with it. */
export async function removeDevice(deps: AppDeps, userId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const gone = await first(
      tx
        .delete(reminderDevices)
        .where(and(eq(reminderDevices.id, id), eq(reminderDevices.userId, userId)))
        .returning(),
    );
    if (!gone) throw notFound(M.deviceNotFound);
    await tx
      .update(reminderDeliveries)
      .set({ status: "gone" })
      .where(and(eq(reminderDeliveries.channel, id), inArray(reminderDeliveries.status, ["sending", "pending"])));
  });
}

/** One of the caller's desktop devices, or 404. */
export async function ownDesktop(deps: AppDeps, userId: string, id: string): Promise<DeviceRow> {
  const d = await first(
    deps.db
      .select()
      .from(reminderDevices)
      .where(and(eq(reminderDevices.id, id), eq(reminderDevices.userId, userId))),
  );
  if (d?.kind !== "desktop") throw notFound(M.deviceNotFound);
  return d;
}
