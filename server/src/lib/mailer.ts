export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** One plain address (checked with isEmailAddress): where a click on « Répondre » goes. */
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * How long SMTP may take, in ms. nodemailer's own defaults (2 min to connect, 30 s for the
 * greeting, 10 min of silence) would hold a request that waits for a mail (saving a reminder
 * address) far past any proxy's patience; a query in PLANIFY_SMTP_URL still wins.
 */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** A mailer over SMTP (nodemailer), used only when PLANIFY_SMTP_URL is set. */
export function smtpMailer(url: string, from: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): Mailer {
  // nodemailer is loaded with the first mail, not at start (most schools never send one).
  // The transport is built from its SMTP class: createTransport({ url, ... }) keeps only the URL's options.
  let transport: Promise<{ sendMail(mail: Mail & { from: string }): Promise<unknown> }> | null = null;
  return {
    async send(mail) {
      transport ??= Promise.all([import("nodemailer"), import("nodemailer/lib/smtp-transport")]).then(([m, { default: SMTPTransport }]) =>
        m.default.createTransport(new SMTPTransport({ ...timeouts, url })),
      );
      await (await transport).sendMail({ from, ...mail });
    },
  };
}

/** Escapes text for inclusion in an HTML e-mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
