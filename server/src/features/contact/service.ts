import { CONTACT_MAX_PER_HOUR } from "@planify/common/constants/limits";
import { isEmailAddress } from "@planify/common/format/email";
import { CONTACT_LABELS } from "@planify/common/constants/contact";
import type { ContactBody } from "@planify/common/schemas/contact";
import { desc, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { contactMessages } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { escapeHtml } from "../../lib/mailer";
import { takeAttempt } from "../../lib/throttle";

const PHONE = /^\+?[\d\s().-]{6,20}$/;

/** Validates, stores and (when SMTP is configured) mails a contact message. */
export async function submitContact(deps: AppDeps, input: ContactBody, ip: string) {
  const fields = {
    name: input.name.trim(),
    phone: input.phone.trim(),
    email: input.email_from.trim(),
    promo: input.Promo.trim(),
    subject: input.subject.trim(),
    description: input.Description.trim(),
  };
  if (Object.values(fields).some((v) => !v)) throw badRequest("Tous les champs sont obligatoires.");
  if (!isEmailAddress(fields.email)) throw badRequest("Adresse e-mail invalide.");
  if (!PHONE.test(fields.phone)) throw badRequest("Numéro de téléphone invalide.");
  await takeAttempt(
    deps,
    { kind: "contact", key: ip, max: CONTACT_MAX_PER_HOUR, windowMs: 3_600_000 },
    "Trop de messages envoyés. Réessayez dans une heure.",
  );
  const id = newId();
  await deps.db.insert(contactMessages).values({ id, ...fields, ip, createdAt: deps.now() });
  if (deps.mailer && deps.settings.contactTo) {
    const labelled: [string, string][] = [
      [CONTACT_LABELS.name, fields.name],
      [CONTACT_LABELS.phone, fields.phone],
      [CONTACT_LABELS.email_from, fields.email],
      [CONTACT_LABELS.Promo, fields.promo],
      [CONTACT_LABELS.subject, fields.subject],
      [CONTACT_LABELS.Description, fields.description],
    ];
    const rows = labelled.map(
      ([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`,
    );
    try {
      await deps.mailer.send({
        to: deps.settings.contactTo,
        // Checked above to be one plain address: « Répondre » writes to the sender, and nothing more.
        replyTo: fields.email,
        subject: `[Planify] ${fields.subject.replace(/[\r\n]+/g, " ")}`,
        text: labelled.map(([k, v]) => `${k} : ${v}`).join("\n"),
        html: `<table>${rows.join("")}</table>`,
      });
      await deps.db.update(contactMessages).set({ mailedAt: deps.now() }).where(eq(contactMessages.id, id));
    } catch (error) {
      // The message is stored; admins still see it. Never log its content.
      deps.log("warn", "contact mail failed", { id, error: String(error) });
    }
  }
  return id;
}

/** Messages for the admin area, newest first. */
export async function listContactMessages(deps: AppDeps) {
  return await deps.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(500);
}
