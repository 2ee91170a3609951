import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * A student's reminder preferences, as the JSON of `ReminderSettings` (common/src/schemas/
 * reminders.ts, validated on the way in); no row means the defaults. `email` is kept apart
 * so that it is never sent back to anyone but its owner. Reminders are mailed to it only once
 * its owner opened the confirmation link (`emailConfirmedAt`); until then the SHA-256 of the
 * link's single-use token and its expiry are kept, never the token itself.
 */
export const reminderSettings = sqliteTable(
  "reminder_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    prefs: text("prefs").notNull(),
    email: text("email"),
    emailConfirmedAt: integer("email_confirmed_at"),
    emailTokenHash: text("email_token_hash"),
    emailTokenExpiresAt: integer("email_token_expires_at"),
    /** Reminders stop during school holidays unless the student keeps them (« Garder mes rappels pendant les vacances »). */
    pauseInHolidays: integer("pause_in_holidays", { mode: "boolean" }).notNull().default(true),
    /** « Mode vacances »: nothing is sent through this Paris date ("YYYY-MM-DD"); null: not paused. */
    pausedUntil: text("paused_until"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("reminder_settings_email_token_idx").on(t.emailTokenHash)],
);

/**
 * Where a student's reminders go: a browser or installed app (Web Push subscription) or a
 * Planify Desktop window (which fetches its pending reminders). A push endpoint belongs to
 * one account at a time: the last one that enabled it on that browser.
 */
export const reminderDevices = sqliteTable(
  "reminder_devices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["push", "desktop"] }).notNull(),
    endpoint: text("endpoint"),
    p256dh: text("p256dh"),
    auth: text("auth"),
    label: text("label").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("reminder_devices_endpoint_unique").on(t.endpoint), index("reminder_devices_user_idx").on(t.userId)],
);

/**
 * One row per reminder sent (or being sent) on one channel: a device id or "email". The
 * unique key (user, task, lead, channel, deadline) is claimed before sending, so a reminder
 * goes out once per task, lead time and device; a new deadline is a new key (rescheduled).
 * `task_id` is not a foreign key: digests ("digest:<day>") and tests ("test:<ms>") use it too.
 * status: sending (claimed; retried if left by a crash), sent, pending (waits for a desktop
 * window to fetch it), grouped (told in a digest), failed, gone (the device was removed),
 * skipped (due while the student's reminders were paused: never sent, not even afterwards).
 */
export const reminderDeliveries = sqliteTable(
  "reminder_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    lead: text("lead").notNull(),
    channel: text("channel").notNull(),
    deadlineAt: integer("deadline_at").notNull(),
    status: text("status", { enum: ["sending", "sent", "pending", "grouped", "failed", "gone", "skipped"] }).notNull(),
    /** The message (title, body, tag) as JSON, so that a retry sends the same words. */
    payload: text("payload").notNull().default("{}"),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: integer("claimed_at").notNull(),
    /** The scheduler run (one per process start) that claimed it: a claim of an earlier run is no longer in flight. */
    claimedBy: text("claimed_by").notNull().default(""),
    sentAt: integer("sent_at"),
  },
  (t) => [
    uniqueIndex("reminder_deliveries_key").on(t.userId, t.taskId, t.lead, t.channel, t.deadlineAt),
    index("reminder_deliveries_status_idx").on(t.status, t.claimedAt),
    index("reminder_deliveries_channel_idx").on(t.channel, t.status),
  ],
);
