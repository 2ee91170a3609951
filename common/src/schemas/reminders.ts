import { Type, type Static } from "@sinclair/typebox";
import { REMINDER_LIMITS as L } from "../constants/reminders";
import { Nullable, ok, OkMessage } from "./shared";
import { ReminderPause } from "./holidays";

// Times and e-mail are checked by reminderPrefsProblem (French messages); the schema only
// bounds the sizes so that nothing large is ever parsed.
const Time = Type.String({ maxLength: 5, description: "HH:MM, heure de Paris" });
const Leads = Type.Object(
  {
    eveningBefore: Type.Boolean(),
    eveningTime: Time,
    hoursBefore: Type.Integer({ minimum: 0, maximum: L.maxHoursBefore }),
  },
  { additionalProperties: false },
);

/** A student's reminder preferences: the body of PUT /reminders/settings and part of its answer. */
export const ReminderSettings = Type.Object(
  {
    enabled: Type.Boolean(),
    devoir: Leads,
    exam: Leads,
    quietStart: Time,
    quietEnd: Time,
    digest: Type.Boolean(),
    digestTime: Time,
    email: Nullable(Type.String({ maxLength: L.emailMaxLength })),
  },
  { additionalProperties: false },
);
export type ReminderSettings = Static<typeof ReminderSettings>;

export const ReminderDevice = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal("push"), Type.Literal("desktop")]),
  label: Type.String(),
  createdAt: Type.String({ description: "ISO 8601 UTC" }),
});
export type ReminderDevice = Static<typeof ReminderDevice>;

/** GET and PUT /reminders/settings. */
export const ReminderSettingsResponse = ok({
  settings: ReminderSettings,
  devices: Type.Array(ReminderDevice),
  /** The school configured SMTP: an e-mail address may be given. */
  emailAvailable: Type.Boolean(),
  /** Reminders go to `settings.email` only once this is true (its owner opened the link). */
  emailConfirmed: Type.Boolean(),
  /** Holidays and « mode vacances ». */
  pause: ReminderPause,
  message: Type.Optional(Type.String()),
});
export type ReminderSettingsResponse = Static<typeof ReminderSettingsResponse>;

/** GET /reminders/vapid-public-key: the server's application key (base64url), for PushManager.subscribe. */
export const VapidKeyResponse = ok({ publicKey: Type.String() });
export type VapidKeyResponse = Static<typeof VapidKeyResponse>;

const Base64Url = (maxLength: number) => Type.String({ maxLength, pattern: "^[A-Za-z0-9_-]+=*$" });

/** What PushSubscription.toJSON() gives, bounded. */
export const PushSubscriptionJson = Type.Object({
  endpoint: Type.String({ maxLength: L.endpointMaxLength }),
  expirationTime: Type.Optional(Nullable(Type.Number())),
  keys: Type.Object({ p256dh: Base64Url(100), auth: Base64Url(40) }),
});

/** POST /reminders/subscriptions: a browser's push subscription, or a Planify Desktop window. */
export const ReminderSubscribeBody = Type.Union([
  Type.Object({
    kind: Type.Literal("push"),
    subscription: PushSubscriptionJson,
    label: Type.Optional(Type.String({ maxLength: L.labelMaxLength })),
  }),
  Type.Object({ kind: Type.Literal("desktop"), label: Type.Optional(Type.String({ maxLength: L.labelMaxLength })) }),
]);
export type ReminderSubscribeBody = Static<typeof ReminderSubscribeBody>;

export const ReminderSubscribeResponse = ok({ message: Type.String(), device: ReminderDevice });
export type ReminderSubscribeResponse = Static<typeof ReminderSubscribeResponse>;

export const ReminderDeviceParams = Type.Object({ id: Type.String({ maxLength: 40 }) });

/** POST /reminders/test. */
export const ReminderTestResponse = ok({ message: Type.String(), push: Type.Integer(), desktop: Type.Integer(), email: Type.Boolean() });
export type ReminderTestResponse = Static<typeof ReminderTestResponse>;

/** The words of a reminder, as shown by the service worker or the desktop app. */
export const ReminderMessage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  /** Same tag for the same reminder: a repeat replaces the notification instead of adding one. */
  tag: Type.String(),
  url: Type.String(),
});
export type ReminderMessage = Static<typeof ReminderMessage>;

/** GET /reminders/pending?device=: what a desktop window has to show. */
export const ReminderPendingQuery = Type.Object({ device: Type.String({ maxLength: 40 }) });
export const ReminderPendingResponse = ok({ notifications: Type.Array(ReminderMessage) });
export type ReminderPendingResponse = Static<typeof ReminderPendingResponse>;

/** POST /reminders/pending/ack: the desktop window showed these. */
export const ReminderAckBody = Type.Object({
  device: Type.String({ maxLength: 40 }),
  ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: L.ackMax }),
});
export type ReminderAckBody = Static<typeof ReminderAckBody>;

/** POST /reminders/email/confirm: the token of the confirmation link (43 base64url characters). */
export const EmailConfirmBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" }) },
  { additionalProperties: false },
);
export type EmailConfirmBody = Static<typeof EmailConfirmBody>;

export { OkMessage };
