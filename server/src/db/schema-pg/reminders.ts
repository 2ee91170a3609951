import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

/** A student's reminder preferences (see ../schema/reminders.ts). */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    prefs: text("prefs").notNull(),
    email: text("email"),
    emailConfirmedAt: int("email_confirmed_at"),
    emailTokenHash: text("email_token_hash"),
    emailTokenExpiresAt: int("email_token_expires_at"),
    pauseInHolidays: boolean("pause_in_holidays").notNull().default(true),
    pausedUntil: text("paused_until"),
    updatedAt: int("updated_at").notNull(),
  },
  (t) => [uniqueIndex("reminder_settings_email_token_idx").on(t.emailTokenHash)],
);

/** Where a student's reminders go: a Web Push subscription or a Planify Desktop window. */
export const reminderDevices = pgTable(
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
    createdAt: int("created_at").notNull(),
  },
  (t) => [uniqueIndex("reminder_devices_endpoint_unique").on(t.endpoint), index("reminder_devices_user_idx").on(t.userId)],
);

/** One row per reminder sent (or being sent) on one channel. */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    id: int("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    lead: text("lead").notNull(),
    channel: text("channel").notNull(),
    deadlineAt: int("deadline_at").notNull(),
    status: text("status", { enum: ["sending", "sent", "pending", "grouped", "failed", "gone", "skipped"] }).notNull(),
    payload: text("payload").notNull().default("{}"),
    attempts: int("attempts").notNull().default(0),
    claimedAt: int("claimed_at").notNull(),
    claimedBy: text("claimed_by").notNull().default(""),
    sentAt: int("sent_at"),
  },
  (t) => [
    uniqueIndex("reminder_deliveries_key").on(t.userId, t.taskId, t.lead, t.channel, t.deadlineAt),
    index("reminder_deliveries_status_idx").on(t.status, t.claimedAt),
    index("reminder_deliveries_channel_idx").on(t.channel, t.status),
  ],
);
