// A reminder address is mailed only once its owner proved they read it: saving an address
// stores it as pending and mails a single-use link; opening it (a page with a button that
// POSTs, so a mail scanner prefetching the link confirms nothing) confirms it. The token
// itself is never stored, only its SHA-256; a new address or a new link replaces it.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { EMAIL_CONFIRMATION as C, REMINDER_MESSAGES as M } from "@planify/common/constants/reminders";
import type { AppDeps } from "../../deps";
import { first } from "../../db/engine";
import { reminderSettings } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { escapeHtml } from "../../lib/mailer";
import { assertUnderLimits, type Limit, retryAfterMs, takeAttempts } from "../../lib/throttle";

const MINUTE = 60_000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether this server can send confirmation links: SMTP, and a public address for the link. */
export const emailAvailable = (deps: AppDeps): boolean => deps.mailer !== null && deps.settings.publicUrl !== null;

/** The address reminders may be mailed to: the confirmed one, else null. */
export async function confirmedEmail(deps: AppDeps, userId: string): Promise<string | null> {
  const row = await first(
    deps.db
      .select({ email: reminderSettings.email, at: reminderSettings.emailConfirmedAt })
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, userId)),
  );
  return row?.email && row.at !== null ? row.email : null;
}

// Two keys, since checking a window forgets the key's rows older than it.
const limits = (userId: string): Limit[] => [
  { kind: "email-confirm", key: `minute:${userId}`, max: C.perMinute, windowMs: MINUTE },
  { kind: "email-confirm", key: `day:${userId}`, max: C.perDay, windowMs: 24 * 60 * MINUTE },
];

/** Throws 429 (French, with Retry-After) when this account had its confirmation mails for now. */
export async function assertMayMail(deps: AppDeps, userId: string): Promise<void> {
  await assertUnderLimits(deps, limits(userId), M.emailResendTooSoon);
}

/** Milliseconds until this account may be sent a confirmation mail again (0: now). */
export async function mailWaitMs(deps: AppDeps, userId: string): Promise<number> {
  let waitMs = 0;
  for (const limit of limits(userId)) waitMs = Math.max(waitMs, await retryAfterMs(deps, limit));
  return waitMs;
}

/** A fresh token for the row's address: stored hashed with its expiry; returns the token. */
export function newToken(deps: AppDeps): {
  token: string;
  set: { emailConfirmedAt: null; emailTokenHash: string; emailTokenExpiresAt: number };
} {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    set: { emailConfirmedAt: null, emailTokenHash: hashToken(token), emailTokenExpiresAt: deps.now() + C.tokenHours * 60 * MINUTE },
  };
}

/**
 * Mails the confirmation link, counted against the account's limits as it is taken (a parallel
 * request that took the last one first gets the 429); false when the mail did not go.
 */
export async function mailLink(deps: AppDeps, userId: string, to: string, token: string): Promise<boolean> {
  await takeAttempts(deps, limits(userId), M.emailResendTooSoon);
  const link = `${deps.settings.publicUrl!.replace(/\/+$/, "")}${C.path}#${token}`;
  const text = [
    "Bonjour,",
    "",
    "Cette adresse a été indiquée pour recevoir les rappels de devoirs et d'examens de Planify.",
    `Pour la confirmer, ouvrez ce lien puis cliquez sur « Confirmer » (il reste valable ${C.tokenHours} heures) :`,
    link,
    "",
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : aucun rappel ne vous sera envoyé.",
  ].join("\n");
  const html = `<p>Bonjour,</p><p>Cette adresse a été indiquée pour recevoir les rappels de devoirs et d'examens de Planify.</p><p>Pour la confirmer, ouvrez ce lien puis cliquez sur « Confirmer » (il reste valable ${C.tokenHours} heures) :<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : aucun rappel ne vous sera envoyé.</p>`;
  try {
    await deps.mailer!.send({ to, subject: M.emailSubject, text, html });
    return true;
  } catch (error) {
    deps.log("warn", "confirmation mail failed", { user: userId, error: String(error) });
    return false;
  }
}

/** POST /reminders/email/resend: a new link for the pending address; once it went, the previous one stops working. */
export async function resendLink(deps: AppDeps, userId: string): Promise<string> {
  if (!emailAvailable(deps)) throw notFound(M.emailUnavailable);
  const row = await first(deps.db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)));
  if (!row?.email || row.emailConfirmedAt !== null) throw conflict(M.emailNothingPending);
  await assertMayMail(deps, userId);
  // The new token replaces the old one only once its mail went: until then the old link works.
  const { token, set } = newToken(deps);
  if (!(await mailLink(deps, userId, row.email, token))) throw new AppError("MAIL_NOT_SENT");
  const pending = and(
    eq(reminderSettings.userId, userId),
    eq(reminderSettings.email, row.email),
    isNull(reminderSettings.emailConfirmedAt),
  );
  await deps.db.update(reminderSettings).set(set).where(pending);
  return M.emailResent(row.email);
}

/** POST /reminders/email/confirm: the link's token, once, before it expires. */
export async function confirmToken(deps: AppDeps, token: string): Promise<void> {
  const now = deps.now();
  const done = await first(
    deps.db
      .update(reminderSettings)
      .set({ emailConfirmedAt: now, emailTokenHash: null, emailTokenExpiresAt: null })
      .where(and(eq(reminderSettings.emailTokenHash, hashToken(token)), gt(reminderSettings.emailTokenExpiresAt, now)))
      .returning({ userId: reminderSettings.userId }),
  );
  if (!done) throw badRequest(M.emailBadLink);
}
